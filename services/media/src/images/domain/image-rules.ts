/**
 * What the media service accepts and produces. Pure rules: no sharp, no I/O, so they can be unit-tested
 * and read in one place.
 */

/**
 * Decompression-bomb guard: a few kilobytes of PNG can declare 20000×20000 pixels (1.6 GB once
 * decoded). 40 megapixels covers every phone camera (a 48 MP sensor saves 12 MP by default).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The stored original is normalized to fit in this square; nothing the product shows is larger. */
export const ORIGINAL_MAX_SIDE = 4096;

/** Formats the service decodes. Everything else (SVG, TIFF, PDF, ...) never reaches a decoder. */
export type InputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

/** Formats the service writes. */
export type OutputFormat = 'jpeg' | 'png' | 'webp';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** File extensions used in storage keys (the local store derives Content-Type from them). */
export const EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** ISO-BMFF brands of HEIF files, AVIF included (AVIF is HEIF with AV1 inside). */
const HEIF_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : '';

/**
 * The image format by its magic bytes, or null. This runs before any decoder sees the bytes: the
 * declared content type is never trusted, and formats we do not accept (SVG is XML, TIFF and PDF have
 * large parsers) are refused without being parsed at all.
 */
export function sniffImageFormat(bytes: Uint8Array): InputFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heif';
  return null;
}

/**
 * The format of the normalized original. JPEG, PNG and WebP keep their family (lossy stays lossy,
 * lossless stays lossless). GIF keeps its first frame only, as PNG. HEIF/AVIF become JPEG (or PNG when
 * transparent) because every browser shows those and encoding AVIF is slow.
 */
export function originalFormatFor(input: InputFormat, hasAlpha: boolean): OutputFormat {
  switch (input) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return input;
    case 'gif':
      return 'png';
    case 'heif':
      return hasAlpha ? 'png' : 'jpeg';
  }
}

export function exceedsPixelLimit(width: number, height: number): boolean {
  return width * height > MAX_INPUT_PIXELS;
}
