import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Arabic is right-to-left: layout must use logical properties (ms-, pe-, start-, text-start…) so it
 * mirrors by itself. Physical left/right utilities would stay put and break the mirrored layout.
 */
const PHYSICAL =
  /^-?(?:m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|scroll-m[lr]|scroll-p[lr])(?:-|$)|^(?:text|float|clear)-(?:left|right)$/;
const CLASS_NAME_ATTRIBUTE = /className=(?:"([^"]*)"|\{`([^`]*)`\})/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx|ts|css)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The class names of every className="…" and className={`…`} in a source text. */
function classNamesIn(text: string): string[] {
  return [...text.matchAll(CLASS_NAME_ATTRIBUTE)].flatMap((match) => (match[1] ?? match[2] ?? '').split(/\s+/));
}

/** Whether a class name, whatever its variants (dark:, hover:, sm:…), sets a physical side. */
const isPhysical = (name: string) => PHYSICAL.test(name.split(':').pop() ?? '');

describe('layout mirrors for right-to-left languages', () => {
  it('uses no physical left/right utility classes in the web app', () => {
    const offenders = sourceFiles(path.resolve('app')).flatMap((file) =>
      classNamesIn(readFileSync(file, 'utf8'))
        .filter(isPhysical)
        .map((name) => `${path.relative('.', file)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it('finds physical classes behind variants, and leaves logical ones alone', () => {
    const source = 'className="ms-2 dark:pl-3 text-start" className={`hover:rounded-tr-lg end-0`}';
    expect(classNamesIn(source).filter(isPhysical)).toEqual(['dark:pl-3', 'hover:rounded-tr-lg']);
  });
});
