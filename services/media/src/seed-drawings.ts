import sharp from 'sharp';

/** A drawing as the JPEG a phone might send. */
export function jpegOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** What a demo member's portrait shows: their initials on their colour, in a scene of their own. */
export interface PortraitOf {
  firstName: string;
  lastName: string;
  color: string;
  /** Picks the scene (rays, hills, rings, waves), so no two of the four members look alike. */
  index: number;
}

const SIZE = 256;

/** Behind the initials: a morning motif, one per member, in white over the gradient. */
const SCENES: readonly ((color: string) => string)[] = [
  // Sun rays from the lower left.
  () =>
    Array.from({ length: 7 }, (_, ray) => {
      const angle = (ray * Math.PI) / 12;
      const x = 20 + Math.cos(angle) * 360;
      const y = 236 - Math.sin(angle) * 360;
      return `<path d="M20 236 L${x.toFixed(1)} ${y.toFixed(1)} L${(x + 40).toFixed(1)} ${(y + 30).toFixed(1)} Z" fill="#fff" fill-opacity="0.16"/>`;
    }).join(''),
  // A sun behind two hills.
  (color) => `<circle cx="176" cy="150" r="58" fill="#fef3c7" fill-opacity="0.7"/>
    <path d="M0 200 Q 80 150 160 196 T 256 186 V256 H0 Z" fill="${color}" fill-opacity="0.9"/>
    <path d="M0 230 Q 120 190 256 226 V256 H0 Z" fill="#1e1b4b" fill-opacity="0.45"/>`,
  // Rings around a low sun.
  () =>
    [150, 112, 76, 42]
      .map(
        (r, ring) => `<circle cx="200" cy="220" r="${r}" fill="#fff" fill-opacity="${0.08 + ring * 0.07}"/>`,
      )
      .join(''),
  // Waves at sea, the sun on the horizon.
  () => `<circle cx="70" cy="170" r="40" fill="#fef9c3" fill-opacity="0.75"/>
    ${[175, 198, 221]
      .map(
        (y) =>
          `<path d="M0 ${y} Q 32 ${y - 14} 64 ${y} T 128 ${y} T 192 ${y} T 256 ${y} V256 H0 Z" fill="#0c4a6e" fill-opacity="0.28"/>`,
      )
      .join('')}`,
];

/** Escapes what an SVG text node must not contain. */
const text = (value: string) => value.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A portrait drawn for a demo member (no downloads): a diagonal gradient from a darker to a lighter
 * shade of their colour, their scene, and their initials large and white, with a shadow that keeps
 * them legible on any colour.
 */
export function portrait({ firstName, lastName, color, index }: PortraitOf): Promise<Buffer> {
  const initials = text(`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase());
  const scene = SCENES[index % SCENES.length](color);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1c1917"/><stop offset="0.55" stop-color="${color}"/>
        <stop offset="1" stop-color="#fde68a"/>
      </linearGradient>
    </defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
    ${scene}
    <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
      font-size="104" font-weight="700" fill="#000" fill-opacity="0.25" dx="3" dy="4">${initials}</text>
    <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
      font-size="104" font-weight="700" fill="#fff">${initials}</text>
  </svg>`;
  return jpegOf(svg);
}

/**
 * A morning photo: the sky from night blue through the member's colour to the dawn, the sun rising
 * behind two ridges (`variant` moves the sun and the hills).
 */
export function sunrise(color: string, variant: number): Promise<Buffer> {
  const sunX = 380 + variant * 420;
  const ridge = 640 + variant * 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.5" stop-color="${color}"/>
        <stop offset="0.78" stop-color="#fde68a"/>
      </linearGradient>
      <radialGradient id="sun">
        <stop offset="0" stop-color="#fffbeb"/><stop offset="0.45" stop-color="#fde68a"/>
        <stop offset="1" stop-color="#fde68a" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="1280" height="960" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${ridge + 20}" r="260" fill="url(#sun)"/>
    <path d="M0 ${ridge + 60} Q 320 ${ridge - 40} 640 ${ridge + 40} T 1280 ${ridge} V 960 H 0 Z" fill="#312e81" fill-opacity="0.8"/>
    <path d="M0 ${ridge + 170} Q 420 ${ridge + 90} 820 ${ridge + 160} T 1280 ${ridge + 140} V 960 H 0 Z" fill="#1e1b4b"/>
  </svg>`;
  return jpegOf(svg);
}
