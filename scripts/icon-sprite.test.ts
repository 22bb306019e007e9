import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iconNames, renderSprite, SPRITE_FILE } from './icon-sprite.ts';

describe('icon sprite', () => {
  it('holds exactly the icons app/components/ui/icons.tsx names (run `npm run icons` after adding one)', async () => {
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(await renderSprite());
  });

  it('names every icon once', async () => {
    const names = await iconNames();
    expect(new Set(names).size).toBe(names.length);
  });
});
