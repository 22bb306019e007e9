import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as icons from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { THUMBNAIL_VARIANTS } from '../../modules/media/index.ts';

const WIDTH = 640;
const HEIGHT = 480;
const PALETTES = [
  ['#0f766e', '#5eead4'],
  ['#b45309', '#fcd34d'],
  ['#1d4ed8', '#93c5fd'],
  ['#be123c', '#fda4af'],
  ['#6d28d9', '#c4b5fd'],
  ['#15803d', '#86efac'],
  ['#334155', '#cbd5e1'],
  ['#c2410c', '#fdba74'],
] as const;

function iconMarkup(iconName: string) {
  const componentName = iconName
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  const Icon = (icons as unknown as Record<string, icons.LucideIcon>)[componentName] ?? icons.Tag;
  return renderToStaticMarkup(createElement(Icon, { size: 180, color: '#ffffff', strokeWidth: 1.4 }));
}

/** A generated product-style photo: a soft gradient, light shapes and the category's icon. */
function photoSvg(iconName: string, variant: number) {
  const [dark, light] = PALETTES[variant % PALETTES.length] ?? PALETTES[0];
  const icon = iconMarkup(iconName).replace('<svg', `<svg x="${(WIDTH - 180) / 2}" y="${(HEIGHT - 180) / 2}"`);
  const shift = (variant * 97) % 300;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${120 + shift}" cy="110" r="170" fill="#ffffff" opacity="0.12"/>
  <circle cx="${680 - shift / 2}" cy="520" r="220" fill="#000000" opacity="0.08"/>
  <rect x="${(WIDTH - 280) / 2}" y="${(HEIGHT - 280) / 2}" width="280" height="280" rx="40" fill="#000000" opacity="0.12"/>
  ${icon}
</svg>`;
}

/**
 * Writes the photo under uploads/demo/ unless it is already there, with its thumbnails (thumbnail/,
 * thumbnail2x/, thumbnail3x/ as an upload gets them); returns its path under /uploads/.
 */
export async function ensureDemoPhoto(uploadsDir: string, name: string, iconName: string, variant: number) {
  const relative = `demo/${name}.webp`;
  const file = path.join(uploadsDir, relative);
  if (!existsSync(file)) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await sharp(Buffer.from(photoSvg(iconName, variant)))
      .webp({ quality: 70, effort: 2 })
      .toFile(file);
  }
  await ensureThumbnails(uploadsDir, relative);
  return { path: relative, width: WIDTH, height: HEIGHT };
}

/** The thumbnails of a stored demo picture, each fitting its square, never enlarged. */
async function ensureThumbnails(uploadsDir: string, relative: string) {
  const source = path.join(uploadsDir, relative);
  for (const variant of THUMBNAIL_VARIANTS) {
    const target = path.join(uploadsDir, variant.folder, relative);
    if (existsSync(target)) continue;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await sharp(source)
      .resize(variant.size, variant.size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70, effort: 2 })
      .toFile(target);
  }
}

/** The demo clips shipped in data/videos (made with ffmpeg, see data/videos/README.md). */
export const DEMO_CLIPS = ['clip-1', 'clip-2', 'clip-3'] as const;
const CLIP_WIDTH = 480;
const CLIP_HEIGHT = 270;

/**
 * Copies a demo clip to uploads/demo/videos/ and makes its poster (a WebP of a frame ffmpeg exported, with
 * thumbnails) unless they are there; returns both paths under /uploads/.
 */
export async function ensureDemoVideo(uploadsDir: string, clip: (typeof DEMO_CLIPS)[number]) {
  const video = `demo/videos/${clip}.mp4`;
  const poster = `demo/videos/${clip}-poster.webp`;
  const data = new URL(`./data/videos/${clip}`, import.meta.url);
  await fs.mkdir(path.join(uploadsDir, 'demo/videos'), { recursive: true });
  if (!existsSync(path.join(uploadsDir, video))) {
    await fs.copyFile(new URL(`${data.href}.mp4`), path.join(uploadsDir, video));
  }
  if (!existsSync(path.join(uploadsDir, poster))) {
    await sharp(await fs.readFile(new URL(`${data.href}-poster.jpg`)))
      .webp({ quality: 75 })
      .toFile(path.join(uploadsDir, poster));
  }
  await ensureThumbnails(uploadsDir, poster);
  return {
    video: { path: video, width: CLIP_WIDTH, height: CLIP_HEIGHT },
    poster: { path: poster, width: CLIP_WIDTH, height: CLIP_HEIGHT },
  };
}
