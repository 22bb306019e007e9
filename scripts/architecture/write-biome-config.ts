/** Rewrites biome.json's import rules from scripts/architecture/rules.ts (`npm run lint:boundaries`). */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { withBoundaries } from './biome-config.ts';

const path = new URL('../../biome.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(withBoundaries(JSON.parse(readFileSync(path, 'utf8'))), null, 2)}\n`);
execFileSync('node_modules/.bin/biome', ['format', '--write', 'biome.json'], { stdio: 'inherit' });
