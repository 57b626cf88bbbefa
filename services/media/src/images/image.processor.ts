import { Inject, Injectable, Logger } from '@nestjs/common';
import { imageProcessingDuration } from '@daybreak/observability';
import sharp, { Sharp } from 'sharp';
import {
  InputFormat,
  MAX_INPUT_PIXELS,
  ORIGINAL_MAX_SIDE,
  OutputFormat,
  exceedsPixelLimit,
  originalFormatFor,
  sniffImageFormat,
} from './domain/image-rules';
import { MEDIA_CONFIG, MediaConfig } from '../config';
import { DecodeSlots } from './decode-slots';
import { ALL_VARIANTS, ImageVariant } from './domain/image-variant';
import { NotAnImageError, TooManyPixelsError, UnreadableImageError } from './images.errors';

export interface EncodedImage {
  format: OutputFormat;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: EncodedImage;
  variants: Array<{ rendition: ImageVariant; image: EncodedImage }>;
}

/** What sharp's metadata calls each format we sniff (AVIF and HEIC are both `heif`). */
const SHARP_FORMAT: Record<InputFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  heif: 'heif',
};

/**
 * `error` rejects truncated and corrupt data; the stricter `warning` would also refuse many real phone
 * photos over harmless quirks (e.g. stray bytes before a marker).
 */
const FAIL_ON = 'error' as const;

/**
 * Turns untrusted upload bytes into clean renditions with sharp: checked by content and pixel count
 * before decoding, rotated upright by its EXIF orientation, and re-encoded without any metadata (sharp
 * drops EXIF, GPS, XMP and ICC unless asked to keep them; colours are converted to sRGB).
 */
@Injectable()
export class ImageProcessor {
  private readonly logger = new Logger(ImageProcessor.name);
  /** At most MEDIA_MAX_CONCURRENT_DECODES images in sharp at once in this process; the rest wait. */
  readonly slots: DecodeSlots;

  constructor(@Inject(MEDIA_CONFIG) config: Pick<MediaConfig, 'MEDIA_MAX_CONCURRENT_DECODES'>) {
    this.slots = new DecodeSlots(config.MEDIA_MAX_CONCURRENT_DECODES);
  }

  /**
   * Checks and renders one upload once a decode slot is free. Times every upload
   * (media_image_processing_duration_seconds, without the wait), processed or rejected.
   */
  process(upload: Buffer): Promise<ProcessedImage> {
    return this.slots.run(() => this.timed(upload));
  }

  private async timed(upload: Buffer): Promise<ProcessedImage> {
    const stop = imageProcessingDuration.startTimer();
    try {
      const image = await this.checkAndRender(upload);
      stop({ result: 'processed' });
      return image;
    } catch (error) {
      stop({ result: 'rejected' });
      throw error;
    }
  }

  private async checkAndRender(upload: Buffer): Promise<ProcessedImage> {
    const format = sniffImageFormat(upload);
    if (!format) throw new NotAnImageError();
    const header = await this.readHeader(upload);
    if (header.format !== SHARP_FORMAT[format]) throw new NotAnImageError();
    if (exceedsPixelLimit(header.width, header.height))
      throw new TooManyPixelsError(header.width, header.height);
    try {
      return await this.render(upload, originalFormatFor(format, header.hasAlpha));
    } catch (error) {
      // Only sharp runs in render(): a failure there means the pixel data could not be decoded. Logged
      // at info: it is the uploader's file, not our fault, but the reason helps when someone asks.
      this.logger.log(`Unreadable ${format} upload: ${(error as Error).message}`);
      throw new UnreadableImageError();
    }
  }

  /**
   * Reads only the header. The pixel limit is switched off here because sharp would otherwise throw
   * its own message for large images; we compare against MAX_INPUT_PIXELS ourselves, before decoding.
   */
  private async readHeader(
    upload: Buffer,
  ): Promise<{ format: string; width: number; height: number; hasAlpha: boolean }> {
    try {
      const metadata = await sharp(upload, { limitInputPixels: false }).metadata();
      if (!metadata.width || !metadata.height) throw new Error('no dimensions');
      return {
        format: metadata.format,
        width: metadata.width,
        height: metadata.height,
        hasAlpha: metadata.hasAlpha,
      };
    } catch (error) {
      this.logger.log(`Unreadable image header: ${(error as Error).message}`);
      throw new UnreadableImageError();
    }
  }

  /**
   * Decodes once (upright, within ORIGINAL_MAX_SIDE) into raw pixels, then encodes every rendition
   * from that buffer. Decoding per rendition instead would rotate the full-size image seven times:
   * for a 12 MP photo this is ~30% faster and for a 40 MP one it needs ~40% less memory. Raw pixels
   * carry no metadata at all, so nothing of the upload's EXIF can reach an output.
   */
  private async render(upload: Buffer, originalFormat: OutputFormat): Promise<ProcessedImage> {
    // The pixel limit is checked above already; passing it on keeps sharp from decoding anything bigger.
    const { data, info } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: FAIL_ON })
      .rotate()
      .resize({
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants = ALL_VARIANTS.map(async (rendition) => {
      // The height bound keeps freak panoramas within what WebP can encode (16383 px a side).
      const resized = pixels().resize({
        width: rendition.width,
        height: ORIGINAL_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      return { rendition, image: await encode(resized, rendition.format, 'variant') };
    });
    const [original, ...variantImages] = await Promise.all([
      encode(pixels(), originalFormat, 'original'),
      ...variants,
    ]);
    return { original, variants: variantImages };
  }
}

async function encode(
  pipeline: Sharp,
  format: OutputFormat,
  role: 'original' | 'variant',
): Promise<EncodedImage> {
  // Originals keep more quality (they are the fallback and the source of any future variant).
  const quality = role === 'original' ? 85 : 80;
  switch (format) {
    case 'jpeg':
      // JPEG has no alpha: transparent areas become white rather than black. mozjpeg makes variants
      // ~15% smaller; on a 12-megapixel original it would triple the ingest time.
      pipeline.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: role === 'variant' });
      break;
    case 'webp':
      pipeline.webp({ quality });
      break;
    case 'png':
      pipeline.png();
      break;
  }
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { format, bytes: data, width: info.width, height: info.height };
}
