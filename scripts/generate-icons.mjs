// Generates the PWA icons (manifest + apple-touch-icon) from packages/web/public/images/logo.svg.
// Run after changing the logo: `node scripts/generate-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = fileURLToPath(new URL('../packages/web/public/', import.meta.url));
const logo = fs.readFileSync(path.join(web, 'images/logo.svg'));
const outDir = path.join(web, 'icons');
fs.mkdirSync(outDir, { recursive: true });

/** The logo alone, transparent corners: the 'any' purpose icons. */
async function plain(size, name) {
  await sharp(logo, { density: (72 * size) / 128 })
    .resize(size, size)
    .png()
    .toFile(path.join(outDir, name));
}

/**
 * Full-bleed icons: the gradient fills the square and the logo sits inside the maskable safe
 * zone (the centre 80%), so launchers can crop to any shape; iOS needs an opaque square too.
 */
async function fullBleed(size, name, logoShare) {
  const inner = Math.round(size * logoShare);
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#ec4899"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#g)"/></svg>`,
  );
  const mark = await sharp(logo, { density: (72 * inner) / 128 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp(background)
    .composite([{ input: mark, gravity: 'centre' }])
    .flatten({ background: '#8b5cf6' })
    .png()
    .toFile(path.join(outDir, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await fullBleed(512, 'maskable-512.png', 0.72);
await fullBleed(192, 'maskable-192.png', 0.72);
await fullBleed(180, 'apple-touch-icon.png', 0.86);
console.log(`icons written to ${outDir}`);
