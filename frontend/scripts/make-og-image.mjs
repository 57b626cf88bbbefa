// Draws the default link-preview image (public/og-image.png, 1200×630) from the SVG below.
// Run it after changing the design: node frontend/scripts/make-og-image.mjs. The PNG is committed.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;

const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0c0a09"/>
      <stop offset="0.65" stop-color="#292524"/>
      <stop offset="1" stop-color="#7c2d12"/>
    </linearGradient>
    <linearGradient id="sun" x1="0" y1="1" x2="0" y2="0">
      <stop offset="0" stop-color="#f97316"/>
      <stop offset="1" stop-color="#fbbf24"/>
    </linearGradient>
    <radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="860" cy="520" r="460">
      <stop offset="0" stop-color="#f59e0b" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <rect width="${WIDTH}" height="520" fill="url(#glow)"/>
  <path d="M650 520a210 210 0 0 1 420 0z" fill="url(#sun)"/>
  <g stroke="#fbbf24" stroke-width="6" stroke-linecap="round" opacity="0.8">
    <line x1="860" y1="250" x2="860" y2="200"/>
    <line x1="712" y1="312" x2="678" y2="278"/>
    <line x1="1008" y1="312" x2="1042" y2="278"/>
  </g>
  <rect x="0" y="520" width="${WIDTH}" height="6" fill="#fbbf24"/>
  <rect x="0" y="526" width="${WIDTH}" height="104" fill="#0c0a09" opacity="0.85"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
    <text x="80" y="190" font-size="104" font-weight="800" fill="#fafaf9" letter-spacing="-2">Daybreak</text>
    <text x="84" y="262" font-size="38" font-weight="700" fill="#fbbf24">Chase your dreams</text>
    <text x="84" y="310" font-size="38" font-weight="700" fill="#fbbf24">before the world wakes up.</text>
    <text x="84" y="396" font-size="28" fill="#d6d3d1">Post at 5 AM. Keep your streak.</text>
    <text x="84" y="436" font-size="28" fill="#d6d3d1">Rise with your tribe.</text>
    <text x="84" y="590" font-size="26" font-weight="700" fill="#a8a29e" letter-spacing="4">THE SOCIAL NETWORK FOR EARLY RISERS</text>
  </g>
</svg>`;

const out = fileURLToPath(new URL('../public/og-image.png', import.meta.url));
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`wrote ${out}`);
