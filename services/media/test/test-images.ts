import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** EXIF fields planted in the test photo; none of them may survive ingestion. */
export const SECRET_EXIF = { camera: 'DaybreakTestCam', gpsDatum: 'WGS-84-SECRET-SPOT' };

/**
 * A phone-style photo: stored 1200×800 but tagged "rotate 90° clockwise" (EXIF orientation 6), so it is
 * shown 800×1200, and carrying GPS coordinates.
 */
export function sidewaysPhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f7a541' } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: SECRET_EXIF.camera },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2424/100', GPSMapDatum: SECRET_EXIF.gpsDatum },
    })
    .toBuffer();
}

/** A small PNG with transparency. */
export function transparentPng(): Promise<Buffer> {
  return sharp({
    create: { width: 400, height: 300, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

/** A camera-sized (12 MP) JPEG with detail, so encoding does real work. */
export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = ((x * 13) ^ (y * 7)) & 31;
      pixels[i] = ((x / width) * 224 + grain) & 255;
      pixels[i + 1] = ((y / height) * 224 + grain) & 255;
      pixels[i + 2] = ((x + y) / (width + height)) * 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A real JPEG with its last 40% cut off: the header reads fine, the pixel data ends early. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aa44' } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#222' } })
          .png()
          .toBuffer(),
        left: 100,
        top: 100,
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/**
 * A decompression bomb: a valid 20000×20000 one-bit PNG (400 megapixels) of about 50 KB. Built by hand
 * because encoding 400 MP with sharp takes seconds; a row is a filter byte plus 2500 zero bytes.
 */
export function decompressionBombPng(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), default compression, filter and interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
