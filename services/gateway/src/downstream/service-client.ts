import { Readable } from 'node:stream';
import { HttpException, Logger } from '@nestjs/common';
import { CORRELATION_HEADER, IDENTITY_HEADER, Viewer, correlationId } from '@daybreak/nest-common';
import { startClientCall } from '@daybreak/observability';
import { Pool, type Dispatcher } from 'undici';
import { Deadline } from './call-deadline';
import type { DownstreamLimits } from './downstream-limits';
import type { DownstreamPath } from './downstream-path';
import { IdentityTokens } from './identity-tokens';
import { JsonPassThrough } from './json-pass-through';
import { isStream, recordFailure } from './streamed-body';
import {
  TIMEOUT_CODES,
  UPSTREAM_BUSY,
  UPSTREAM_FAILED,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
  errorBodyOf,
  parseErrorBody,
} from './upstream-errors';

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

/** A service's answer as `exchange` resolves it: status, headers and the body as a Node stream. */
export type UpstreamResponse = Dispatcher.ResponseData;

/**
 * HTTP to one internal service, carrying the caller's identity (a short-lived signed token), the
 * correlation id and the trace. A service's 4xx passes through unchanged so the browser sees its
 * message; an unreachable or failing service becomes a 502/503 with a message a person can read,
 * and a slow one a 504 within the limits (downstream-limits.ts), so none can gather requests.
 */
export class ServiceClient {
  private readonly logger: Logger;
  private readonly tokens: IdentityTokens;
  /** Kept-alive connections to the service, reused across requests (no handshake per call). */
  private readonly pool: Pool;
  /** Calls waiting for their answer's headers: on a connection, or for one. */
  private waiting = 0;

  constructor(
    private readonly name: string,
    private readonly baseUrl: string,
    /** The gateway's private key: it signs a token for this one service (its audience). */
    identityPrivateKey: string,
    private readonly limits: DownstreamLimits,
  ) {
    this.logger = new Logger(`${name}-client`);
    this.tokens = new IdentityTokens(name, identityPrivateKey);
    this.pool = new Pool(new URL(baseUrl).origin, {
      connections: limits.connections,
      connectTimeout: limits.connectTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.bodyTimeoutMs,
    });
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
      body: json === undefined ? undefined : Buffer.from(json),
    });
    const text = await this.read(response, () => response.body.text());
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A GET whose JSON answer goes to the browser untouched (see JsonPassThrough). */
  async passThrough<T>(
    path: DownstreamPath,
    options: Pick<CallOptions, 'viewer' | 'query'>,
  ): Promise<JsonPassThrough<T>> {
    const response = await this.exchange(path, { ...options, headers: { accept: 'application/json' } });
    return new JsonPassThrough<T>(await this.read(response, () => response.body.bytes()));
  }

  /**
   * Like `call`, for bodies that are not JSON: resolves with the raw response of a success or a 304
   * (for the caller to read or stream on; a body left unread holds its connection until it is
   * dumped), and fails as `call` does otherwise. An error thrown while reading
   * `body` (e.g. an upload over its size limit) is rethrown as is: it is the caller's, not the service's.
   */
  async exchange(path: DownstreamPath, options: ExchangeOptions): Promise<UpstreamResponse> {
    // Refused at once rather than queued behind requests that would be answered only after the deadline.
    if (this.waiting >= this.limits.connections + this.limits.queue) {
      this.logger.warn(`${this.name} busy: ${this.waiting} requests already wait for its answer`);
      throw new HttpException(UPSTREAM_BUSY, 503);
    }
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
    const body = isStream(options.body)
      ? Readable.from(recordFailure(options.body, bodyFailure))
      : options.body;
    const method = options.method ?? 'GET';
    const traced = startClientCall(method, url, headers);
    const deadline = isStream(options.body) ? undefined : new Deadline(this.limits.headersTimeoutMs);
    let response: UpstreamResponse;
    this.waiting++;
    try {
      response = await this.pool.request({
        path: url.pathname + url.search,
        method,
        headers,
        body,
        signal: deadline?.signal,
      });
    } catch (error) {
      traced.failed(error as Error);
      if (bodyFailure.error !== undefined) throw bodyFailure.error;
      throw this.failure(error, deadline);
    } finally {
      this.waiting--;
      deadline?.clear();
    }
    const status = response.statusCode;
    // The call's span ends with its body: read here, passed through, or streamed on by the caller.
    traced.answered(status, response.body);
    if ((status >= 200 && status < 300) || status === 304) return response;
    const text = await this.read(response, () => response.body.text());
    if (status < 500) throw new HttpException(parseErrorBody(text, status), status);
    // A service's own 503 (its database too slow or away) says to try again: passed on as it is.
    const ownUnavailable = status === 503 ? errorBodyOf(text) : undefined;
    if (ownUnavailable) throw new HttpException(ownUnavailable, 503);
    this.logger.error(`${this.name} answered ${status}: ${text.slice(0, 500)}`);
    throw new HttpException(UPSTREAM_FAILED, 502);
  }

  /** Reads an answer's body; a service that stops sending midway is a 504, one that breaks it a 502. */
  private async read<T>(response: UpstreamResponse, reading: () => Promise<T>): Promise<T> {
    try {
      return await reading();
    } catch (error) {
      response.body.destroy();
      throw this.failure(error);
    }
  }

  /** The HTTP error for a call that got no (whole) answer, logged with the service's name. */
  private failure(error: unknown, deadline?: Deadline): HttpException {
    const message = (error as Error).message;
    if (deadline?.signal.aborted || TIMEOUT_CODES.has((error as { code?: string }).code ?? '')) {
      this.logger.error(
        `${this.name} timed out: ${deadline?.signal.aborted ? 'no answer in time' : message}`,
      );
      return new HttpException(UPSTREAM_TIMEOUT, 504);
    }
    this.logger.error(`${this.name} unreachable: ${message}`);
    return new HttpException(UPSTREAM_UNAVAILABLE, 503);
  }

  /** Lets go of the kept-alive connections (at shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
