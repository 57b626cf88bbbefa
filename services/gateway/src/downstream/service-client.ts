import { HttpException, Logger } from '@nestjs/common';
import { CORRELATION_HEADER, IDENTITY_HEADER, Viewer, correlationId } from '@daybreak/nest-common';
import type { DownstreamPath } from './downstream-path';
import { IdentityTokens } from './identity-tokens';

export interface CallOptions {
  viewer: Viewer;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
}

/** A call whose body and answer are not JSON (uploads, images); see `ServiceClient.exchange`. */
export interface ExchangeOptions {
  viewer: Viewer;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Bytes, or a stream of them (sent chunked, so an upload needs no buffering here). */
  body?: Uint8Array | AsyncIterable<Uint8Array>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

/**
 * HTTP to one internal service, carrying the caller's identity (a short-lived signed token) and the
 * correlation id. A service's 4xx passes through unchanged so the browser sees its message; an
 * unreachable or failing service becomes a 502/503 with a message a person can read.
 */
export class ServiceClient {
  private readonly logger: Logger;
  private readonly tokens: IdentityTokens;

  constructor(
    private readonly name: string,
    private readonly baseUrl: string,
    /** The gateway's private key: it signs a token for this one service (its audience). */
    identityPrivateKey: string,
  ) {
    this.logger = new Logger(`${name}-client`);
    this.tokens = new IdentityTokens(name, identityPrivateKey);
  }

  /** JSON in and out; `exchange` does the transport and the error mapping for both. */
  async call<T>(path: DownstreamPath, options: CallOptions): Promise<T> {
    const json = options.body === undefined ? undefined : JSON.stringify(options.body);
    const response = await this.exchange(path, {
      viewer: options.viewer,
      method: options.method,
      query: options.query,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : new TextEncoder().encode(json),
    });
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Like `call`, for bodies that are not JSON: resolves with the raw response of a success or a 304
   * (for the caller to stream on), and fails as `call` does otherwise. An error thrown while reading
   * `body` (e.g. an upload over its size limit) is rethrown as is: it is the caller's, not the service's.
   */
  async exchange(path: DownstreamPath, options: ExchangeOptions): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      ...options.headers,
      [IDENTITY_HEADER]: this.tokens.for(options.viewer),
      [CORRELATION_HEADER]: correlationId(),
    };
    const bodyFailure: { error?: unknown } = {};
    const body = isStream(options.body) ? recordFailure(options.body, bodyFailure) : options.body;
    let response: Response;
    try {
      // `duplex: 'half'` is what fetch requires to send a streamed body.
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        duplex: 'half',
      });
    } catch (error) {
      if (bodyFailure.error !== undefined) throw bodyFailure.error;
      this.logger.error(`${this.name} unreachable: ${(error as Error).message}`);
      throw new HttpException(UPSTREAM_UNAVAILABLE, 503);
    }
    if (response.ok || response.status === 304) return response;
    const text = await response.text();
    if (response.status < 500)
      throw new HttpException(parseErrorBody(text, response.status), response.status);
    this.logger.error(`${this.name} answered ${response.status}: ${text.slice(0, 500)}`);
    throw new HttpException(UPSTREAM_FAILED, 502);
  }
}

/** Whether `error` is a downstream answer with this status (e.g. 404), as `call` throws them. */
export const hasStatus = (error: unknown, status: number): boolean =>
  (error as { getStatus?: () => number }).getStatus?.() === status;

const isStream = (body: ExchangeOptions['body']): body is AsyncIterable<Uint8Array> =>
  body !== undefined && Symbol.asyncIterator in body;

/** Notes what a streamed body threw: fetch reports it only as a network error. */
async function* recordFailure(source: AsyncIterable<Uint8Array>, failure: { error?: unknown }) {
  try {
    yield* source;
  } catch (error) {
    failure.error = error;
    throw error;
  }
}

const UPSTREAM_UNAVAILABLE = {
  statusCode: 503,
  code: 'UPSTREAM.UNAVAILABLE',
  message: 'Service temporarily unavailable. Please try again.',
};
const UPSTREAM_FAILED = {
  statusCode: 502,
  code: 'UPSTREAM.FAILED',
  message: 'Something went wrong on our side. Please try again.',
};

function parseErrorBody(text: string, status: number): Record<string, unknown> {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.message === 'string') return body;
  } catch {
    // not JSON: fall through
  }
  return { statusCode: status, code: `HTTP.${status}`, message: text || 'Request failed' };
}
