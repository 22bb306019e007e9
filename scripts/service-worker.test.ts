import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stampServiceWorker, startupFiles } from './service-worker.ts';

const source = readFileSync('public/sw.js', 'utf8');

describe('stampServiceWorker', () => {
  it('writes the version, the start-up files and the languages into public/sw.js', () => {
    const stamped = stampServiceWorker(source, {
      version: 'abc123',
      precache: ['/assets/shell-1.css', '/assets/entry-2.js'],
      languages: ['ar', 'en'],
    });
    expect(stamped).toContain('const VERSION = "abc123";');
    expect(stamped).toContain('const PRECACHE = ["/assets/shell-1.css","/assets/entry-2.js"];');
    expect(stamped).toContain('const LANGUAGES = ["ar","en"];');
    expect(stamped).not.toContain("'dev'");
  });

  it('refuses a worker whose lines to stamp are missing', () => {
    expect(() =>
      stampServiceWorker('self.addEventListener("fetch", () => {});', {
        version: '1',
        precache: [],
        languages: ['ar'],
      }),
    ).toThrow(/exactly once/);
  });
});

describe('startupFiles', () => {
  it('takes the stylesheet, the entry script, the root route and their imports, once each', () => {
    const files = startupFiles({
      entry: { module: '/assets/entry.js', imports: ['/assets/shell.js'], css: ['/assets/shell.css#'] },
      routes: {
        root: {
          id: 'root',
          hasDefaultExport: true,
          module: '/assets/root.js',
          imports: ['/assets/shell.js'],
          css: ['/assets/shell.css#'],
        },
      },
    });
    expect(files).toEqual(['/assets/shell.css', '/assets/entry.js', '/assets/shell.js', '/assets/root.js']);
  });
});
