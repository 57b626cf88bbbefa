// Renders the app icons in public/icons/ from the sunrise mark (public/favicon.svg), for the web app
// manifest and iOS. Run after changing the mark: `node frontend/scripts/generate-icons.mjs`; the PNGs
// are committed, so builds need neither this script nor sharp.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

// Maskable and iOS icons are cropped by the system (circle, squircle): the background fills the
// square and the mark shrinks into the centre 80 %, the safe zone (raised, as it sits low in its box).
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <defs><linearGradient id="g" x1="0" y1="1" x2="0" y2="0">
    <stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#fbbf24"/>
  </linearGradient></defs>
  <rect width="32" height="32" fill="#1c1917"/>
  <g transform="translate(16 14.25) scale(0.7) translate(-16 -16)">
    <path d="M6 22a10 10 0 0 1 20 0z" fill="url(#g)"/>
    <rect x="4" y="23" width="24" height="2" rx="1" fill="#fbbf24"/>
  </g>
</svg>`;

const mark = await readFile(publicDir('favicon.svg'));
const icons = [
  { file: 'icons/icon-192.png', svg: mark, size: 192 },
  { file: 'icons/icon-512.png', svg: mark, size: 512 },
  { file: 'icons/icon-maskable-512.png', svg: Buffer.from(fullBleed), size: 512 },
  { file: 'icons/apple-touch-icon.png', svg: Buffer.from(fullBleed), size: 180 },
];

for (const { file, svg, size } of icons) {
  // A density high enough that the vector is rasterised at (or above) the target size, never upscaled.
  await sharp(svg, { density: Math.ceil((72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(publicDir(file));
  console.log(`wrote public/${file} (${size}×${size})`);
}
