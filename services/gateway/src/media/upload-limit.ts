import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MEDIA_ERROR } from '@daybreak/contracts';
import { Readable, Transform, TransformCallback } from 'node:stream';
import { BadInputError, PayloadTooLargeError } from '@daybreak/nest-common';

export class FileTooLargeError extends PayloadTooLargeError {
  constructor() {
    super(MEDIA_ERROR.TOO_LARGE, FILE_TOO_LARGE_MESSAGE);
  }
}

export class UploadInterruptedError extends BadInputError {
  constructor() {
    super(MEDIA_ERROR.UPLOAD_INTERRUPTED, 'The upload was interrupted. Please try again.');
  }
}

/** Passes bytes through and fails once more than `maxBytes` have gone by. */
class ByteLimit extends Transform {
  private received = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) callback(new FileTooLargeError());
    else callback(null, chunk);
  }
}

/** An incoming upload on its way to a service, and how to let go of it. */
export interface ForwardedUpload {
  /** The request body, counted: it fails with `FileTooLargeError` past the limit. */
  body: Readable;
  /**
   * Stops forwarding and reads and drops whatever the client is still sending. Call it once the
   * service has answered: a client still sending would otherwise never read our answer, and its
   * keep-alive connection would hang.
   */
  release(): void;
}

/**
 * Streams a request body onward without buffering it, so a client cannot push an endless body
 * through the gateway, whatever Content-Length said (if anything). The request is piped rather than
 * iterated: an async iterator holds the stream paused, and `resume()` could not drain it afterwards.
 */
export function forwardUpload(request: Readable, maxBytes = MAX_UPLOAD_BYTES): ForwardedUpload {
  const body = new ByteLimit(maxBytes);
  // pipe() does not carry failures over: a client that goes away must still end the forwarded body.
  const interrupted = () => {
    if (!request.readableEnded) body.destroy(new UploadInterruptedError());
  };
  request.once('error', interrupted).once('close', interrupted);
  request.pipe(body);
  return {
    body,
    release: () => {
      request.off('error', interrupted).off('close', interrupted);
      request.unpipe(body);
      body.destroy();
      if (!request.readableEnded) request.resume();
    },
  };
}
