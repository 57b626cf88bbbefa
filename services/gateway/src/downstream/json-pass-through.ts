import { StreamableFile } from '@nestjs/common';

/**
 * A service's JSON answer on its way to the browser byte for byte: not parsed and re-encoded, and
 * with no ETag computed over it (@fastify/etag hashes strings and buffers; a stream it does not).
 * `T` is what the bytes encode, for the reader of the controller.
 */
export class JsonPassThrough<T> extends StreamableFile {
  declare readonly encodes?: T;

  constructor(bytes: Uint8Array) {
    super(bytes, { type: 'application/json; charset=utf-8', length: bytes.byteLength });
  }
}
