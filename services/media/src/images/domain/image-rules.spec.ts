import { exceedsPixelLimit, originalFormatFor, sniffImageFormat } from './image-rules';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('sniffImageFormat', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'rest')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['gif', bytes('GIF89a', [1, 0, 1, 0])],
    ['gif', bytes('GIF87a', [1, 0, 1, 0])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['heif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0])],
    ['heif', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0])],
  ])('recognises %s by its magic bytes', (format, input) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it.each([
    ['text', bytes('hello, not an image')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['TIFF', bytes('II*', [0], 'rest')],
    ['PDF', bytes('%PDF-1.7')],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0])],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['nothing', Buffer.alloc(0)],
    ['half a JPEG signature', bytes([0xff, 0xd8])],
  ])('refuses %s', (_case, input) => {
    expect(sniffImageFormat(input)).toBeNull();
  });
});

describe('originalFormatFor', () => {
  it('keeps JPEG, PNG and WebP in their family', () => {
    expect(originalFormatFor('jpeg', false)).toBe('jpeg');
    expect(originalFormatFor('png', true)).toBe('png');
    expect(originalFormatFor('webp', true)).toBe('webp');
  });

  it('stores GIF as PNG, and HEIF as JPEG unless it is transparent', () => {
    expect(originalFormatFor('gif', false)).toBe('png');
    expect(originalFormatFor('heif', false)).toBe('jpeg');
    expect(originalFormatFor('heif', true)).toBe('png');
  });
});

describe('exceedsPixelLimit', () => {
  it('allows 40 megapixels and refuses one pixel more', () => {
    expect(exceedsPixelLimit(8000, 5000)).toBe(false);
    expect(exceedsPixelLimit(8000, 5000.000125)).toBe(true);
    expect(exceedsPixelLimit(20_000, 20_000)).toBe(true);
  });
});
