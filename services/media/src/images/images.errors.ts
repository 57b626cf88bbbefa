import { FILE_TOO_LARGE_MESSAGE, MEDIA_ERROR } from '@daybreak/contracts';
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
    super(MEDIA_ERROR.TOO_LARGE, FILE_TOO_LARGE_MESSAGE);
  }
}

export class NotAnImageError extends UnsupportedMediaError {
  constructor() {
    super(
      MEDIA_ERROR.NOT_AN_IMAGE,
      'The file is not a picture we can use. Please upload a JPEG, PNG, WebP, GIF, AVIF or HEIC image.',
    );
  }
}

export class TooManyPixelsError extends PayloadTooLargeError {
  constructor(width: number, height: number) {
    super(
      MEDIA_ERROR.TOO_MANY_PIXELS,
      `The image is too large (${width}×${height} pixels). Please upload one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }
}

export class UnreadableImageError extends BadInputError {
  constructor() {
    super(
      MEDIA_ERROR.UNREADABLE,
      'The image could not be read. It may be damaged or incomplete; please try another file.',
    );
  }
}

export class UploadInterruptedError extends BadInputError {
  constructor() {
    super(MEDIA_ERROR.UPLOAD_INTERRUPTED, 'The upload was interrupted. Please try again.');
  }
}

export class ImageNotFoundError extends NotFoundError {
  constructor() {
    super(MEDIA_ERROR.NOT_FOUND, 'Image not found');
  }
}

export class UnknownVariantError extends BadInputError {
  constructor() {
    super(
      MEDIA_ERROR.UNKNOWN_VARIANT,
      'Unknown image variant: ask for format=webp or jpeg with w=320, 640 or 1280, or neither.',
    );
  }
}
