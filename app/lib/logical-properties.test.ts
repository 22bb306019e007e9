import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Arabic is right-to-left: layout must use logical properties (ms-, pe-, start-, text-start…) so it
 * mirrors by itself. Physical left/right utilities would stay put and break the mirrored layout.
 */
const PHYSICAL =
  /^-?(?:m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|scroll-m[lr]|scroll-p[lr])(?:-|$)|^(?:text|float|clear)-(?:left|right)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx|ts|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('layout mirrors for right-to-left languages', () => {
  it('uses no physical left/right utility classes in the web app', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(path.resolve('app'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
        const classes = (match[1] ?? match[2] ?? '').split(/\s+/);
        for (const name of classes) {
          const base = name.split(':').pop() ?? '';
          if (PHYSICAL.test(base)) offenders.push(`${path.relative('.', file)}: ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
