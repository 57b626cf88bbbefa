import type { ExchangeOptions } from './service-client';

/**
 * A request body sent as a stream (an upload): told apart from bytes, and what it threw kept for the
 * caller, since the HTTP client reports it as its own network error.
 */

export const isStream = (body: ExchangeOptions['body']): body is AsyncIterable<Uint8Array> =>
  body !== undefined && Symbol.asyncIterator in body;

/** Notes what a streamed body threw: the HTTP client may report it only as a network error. */
export async function* recordFailure(source: AsyncIterable<Uint8Array>, failure: { error?: unknown }) {
  try {
    yield* source;
  } catch (error) {
    failure.error = error;
    throw error;
  }
}
