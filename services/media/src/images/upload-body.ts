import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import { FileTooLargeError, NotAnImageError, UploadInterruptedError } from './images.errors';

/**
 * Reads a raw upload into memory, counting bytes as they arrive, so an over-limit body is refused with
 * our 413 (whatever Content-Length claims, or with none at all) instead of being buffered.
 */
export function readUploadBody(request: IncomingMessage, maxBytes = MAX_UPLOAD_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  // Node discards the unread body itself once the response is sent.
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new FileTooLargeError());
  // The framework's JSON and form parsers already consumed such bodies: they are not image files.
  if (request.readableEnded) return Promise.reject(new NotAnImageError());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      request.off('data', onData).off('end', onEnd).off('error', onInterrupted).off('close', onInterrupted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      // Keep draining without buffering so the client can finish sending and read our answer.
      request.resume();
      reject(new FileTooLargeError());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    // A client that goes away mid-upload: 'close' without 'end' (and 'error', when anyone listens).
    const onInterrupted = () => {
      stop();
      reject(new UploadInterruptedError());
    };
    request.on('data', onData).on('end', onEnd).on('error', onInterrupted).on('close', onInterrupted);
  });
}
