import {
  BadInputError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaError,
} from '@daybreak/nest-common';
import { MAX_INPUT_PIXELS } from './domain/image-rules';

// Stable codes for callers to branch on; the messages are for people (the SPA shows them as is).

export class FileTooLargeError extends PayloadTooLargeError {
  constructor() {
    super('MEDIA.TOO_LARGE', 'File size must be less than 10MB');
  }
}

export class NotAnImageError extends UnsupportedMediaError {
  constructor() {
    super(
      'MEDIA.NOT_AN_IMAGE',
      'The file is not a picture we can use. Please upload a JPEG, PNG, WebP, GIF, AVIF or HEIC image.',
    );
  }
}

export class TooManyPixelsError extends PayloadTooLargeError {
  constructor(width: number, height: number) {
    super(
      'MEDIA.TOO_MANY_PIXELS',
      `The image is too large (${width}×${height} pixels). Please upload one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }
}

export class UnreadableImageError extends BadInputError {
  constructor() {
    super(
      'MEDIA.UNREADABLE',
      'The image could not be read. It may be damaged or incomplete; please try another file.',
    );
  }
}

export class UploadInterruptedError extends BadInputError {
  constructor() {
    super('MEDIA.UPLOAD_INTERRUPTED', 'The upload was interrupted. Please try again.');
  }
}

export class ImageNotFoundError extends NotFoundError {
  constructor() {
    super('MEDIA.NOT_FOUND', 'Image not found');
  }
}

export class UnknownVariantError extends BadInputError {
  constructor() {
    super(
      'MEDIA.UNKNOWN_VARIANT',
      'Unknown image variant: ask for format=webp or jpeg with w=320, 640 or 1280, or neither.',
    );
  }
}
