/**
 * Writes app/components/ui/icons.svg: one <symbol> per icon that app/components/ui/icons.tsx names
 * (`icon('name')`), drawn from lucide's own icon data. Run `npm run icons` after adding an icon there;
 * icons.test.ts fails while the sprite is out of date.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const ICONS_MODULE = 'app/components/ui/icons.tsx';
export const SPRITE_FILE = 'app/components/ui/icons.svg';

type IconNode = [tag: string, attributes: Record<string, string | number>][];

export async function iconNames() {
  const source = await readFile(ICONS_MODULE, 'utf8');
  return [...source.matchAll(/\bicon\('([a-z0-9-]+)'\)/g)].map((match) => match[1] as string);
}

async function symbolOf(name: string) {
  const { __iconData } = (await import(`lucide-react/icons/${name}`)) as { __iconData: { node: IconNode } };
  const children = __iconData.node.map(([tag, attributes]) => {
    const text = Object.entries(attributes)
      .filter(([attribute]) => attribute !== 'key')
      .map(([attribute, value]) => ` ${attribute}="${value}"`)
      .join('');
    return `<${tag}${text}/>`;
  });
  return `<symbol id="${name}" viewBox="0 0 24 24">${children.join('')}</symbol>`;
}

export async function renderSprite() {
  const names = [...new Set(await iconNames())].sort();
  const symbols = await Promise.all(names.map(symbolOf));
  return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true">\n${symbols.join('\n')}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(SPRITE_FILE, await renderSprite());
  console.log(`wrote ${SPRITE_FILE}`);
}
