/**
 * Writes the PNG icons of the web app manifest (public/manifest.webmanifest) from the logo in public/favicon.svg:
 * 192 and 512 pixels as the logo is (rounded square), a maskable 512 whose glyph sits inside the safe circle
 * (the middle 80 %) on a full square of the brand colour, so a launcher may cut any shape from it, and a 96-pixel
 * monochrome badge (white glyph on transparent) for the status bar of a push notification. Run
 * `npm run icons:app` after changing the logo; the PNGs are committed.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const LOGO = 'public/favicon.svg';
export const ICON_FOLDER = 'public/icons';

/** The logo's shapes: its square's fill, and the paths of the bag drawn on it. */
export function logoParts(svg: string) {
  const fill = /<rect\b[^>]*\bfill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  const paths = svg.match(/<path\b[^>]*\/>/g) ?? [];
  if (!fill || paths.length === 0) throw new Error(`${LOGO} has no <rect fill> and <path>s to draw icons from`);
  return { fill, paths };
}

/** The bag alone, scaled about the centre of the 32-unit box. */
const glyph = (paths: string[], scale: number) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${paths.join('')}</g>`;

const svgOf = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

export function iconSources(svg: string) {
  const { fill, paths } = logoParts(svg);
  const white = paths.map((path) => path.replace(/\b(fill|stroke)="#[0-9a-f]{3,6}"/gi, '$1="#fff"'));
  return [
    { file: 'icon-192.png', size: 192, svg },
    { file: 'icon-512.png', size: 512, svg },
    // The bag spans about 14 of 32 units; at 1.2 it stays well inside the safe circle of radius 12.8.
    {
      file: 'icon-maskable-512.png',
      size: 512,
      svg: svgOf(`<rect width="32" height="32" fill="${fill}"/>${glyph(paths, 1.2)}`),
    },
    { file: 'badge-96.png', size: 96, svg: svgOf(glyph(white, 1.7)) },
  ];
}

export async function writeIcons() {
  const svg = await readFile(LOGO, 'utf8');
  await mkdir(ICON_FOLDER, { recursive: true });
  for (const icon of iconSources(svg)) {
    await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
      .resize(icon.size, icon.size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(`${ICON_FOLDER}/${icon.file}`);
    console.log(`wrote ${ICON_FOLDER}/${icon.file}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeIcons();
