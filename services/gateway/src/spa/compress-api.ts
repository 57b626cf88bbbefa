import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them gains less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli's quality for the API's JSON: a 13 KB feed page in about a millisecond, to a fifth of its size. */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings the API's JSON is sent in, best first. */
export const API_ENCODINGS = ['br', 'gzip'] as const;
export type ApiEncoding = (typeof API_ENCODINGS)[number];

/** `json` compressed as `compressApiAnswers` would send it, for an answer compressed once and sent often. */
export const compressApiAnswer = (json: Buffer, encoding: ApiEncoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(json, BROTLI_OPTIONS) : gzipSync(json);

/**
 * gzip/brotli for the API's JSON (a feed page is about 7 KB; on a phone's slow link that is most of
 * its time), as Express' `compression` did: brotli at quality 4, answers under 1 KB left alone. The
 * SPA's files are compressed at build time and sent with their Content-Encoding, which this leaves
 * alone. The unread-count event stream is never compressed: it is written on the raw response, past
 * Fastify's onSend hooks (a compressor would buffer, and the browser would see each event late).
 * Register it after @fastify/etag, so ETags are those of the uncompressed answer.
 */
export async function compressApiAnswers(fastify: FastifyInstance): Promise<void> {
  // @fastify/compress applies its threshold to strings and buffers only; a stream (a service's JSON
  // passed through, a static file) is compressed whatever its size. `compression` read the stream's
  // Content-Length instead, so small streams of known length are read into a buffer first.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    const length = Number(reply.getHeader('content-length'));
    if (!(payload instanceof Readable) || !(length < COMPRESSION_THRESHOLD_BYTES)) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  });
  await fastify.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Pinned: later versions may add zstd, which `compression` never sent.
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: BROTLI_OPTIONS,
  });
}
