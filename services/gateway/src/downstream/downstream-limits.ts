import { z } from 'zod';

/**
 * How much of the gateway one service may hold, and for how long. Without them undici keeps no cap
 * on connections and waits 5 minutes for a service's headers and between its body's chunks: a
 * service that hangs would gather every request that needs it, each holding a socket and memory,
 * until the gateway itself fell over.
 */
export interface DownstreamLimits {
  /** Connections to one service at most (per gateway process); more requests wait for a free one. */
  connections: number;
  /**
   * Requests that may wait for a connection besides those on one: past `connections + queue` calls
   * waiting for their answer, the next gets 503 UPSTREAM.BUSY at once.
   */
  queue: number;
  connectTimeoutMs: number;
  /**
   * From the call's start to the answer's headers, waiting for a connection included. A call that
   * streams its body (an upload) can't know when the body ends: for it, undici's own headers timeout
   * counts from the last byte sent.
   */
  headersTimeoutMs: number;
  /** The longest silence between two chunks of an answer's body. */
  bodyTimeoutMs: number;
}

const seconds = (fallback: number) => z.coerce.number().positive().max(300).default(fallback);
const count = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/**
 * The gateway's variables for them. The headers timeout is above the services' statement timeout
 * (5 s, DATABASE_STATEMENT_TIMEOUT_SECONDS), so a slow query reaches the browser as the service's
 * own 503 rather than the gateway's 504.
 */
export const downstreamConfigShape = {
  DOWNSTREAM_CONNECTIONS: count(64),
  DOWNSTREAM_QUEUE: count(256),
  DOWNSTREAM_CONNECT_TIMEOUT_SECONDS: seconds(2),
  DOWNSTREAM_HEADERS_TIMEOUT_SECONDS: seconds(10),
  DOWNSTREAM_BODY_TIMEOUT_SECONDS: seconds(10),
};

const downstreamConfigSchema = z.object(downstreamConfigShape);

/** The limits a gateway config gives; a variable it lacks (a test's partial config) takes its default. */
export function downstreamLimits(config: Partial<z.input<typeof downstreamConfigSchema>>): DownstreamLimits {
  const limits = downstreamConfigSchema.parse({
    DOWNSTREAM_CONNECTIONS: config.DOWNSTREAM_CONNECTIONS,
    DOWNSTREAM_QUEUE: config.DOWNSTREAM_QUEUE,
    DOWNSTREAM_CONNECT_TIMEOUT_SECONDS: config.DOWNSTREAM_CONNECT_TIMEOUT_SECONDS,
    DOWNSTREAM_HEADERS_TIMEOUT_SECONDS: config.DOWNSTREAM_HEADERS_TIMEOUT_SECONDS,
    DOWNSTREAM_BODY_TIMEOUT_SECONDS: config.DOWNSTREAM_BODY_TIMEOUT_SECONDS,
  });
  return {
    connections: limits.DOWNSTREAM_CONNECTIONS,
    queue: limits.DOWNSTREAM_QUEUE,
    connectTimeoutMs: limits.DOWNSTREAM_CONNECT_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: limits.DOWNSTREAM_HEADERS_TIMEOUT_SECONDS * 1000,
    bodyTimeoutMs: limits.DOWNSTREAM_BODY_TIMEOUT_SECONDS * 1000,
  };
}
