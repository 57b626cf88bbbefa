import { DomainError } from '@daybreak/nest-common';
import type { FastifyReply } from 'fastify';

/** How long a client should wait before trying again while Redis is away (it restarts in seconds). */
const REDIS_RETRY_AFTER_SECONDS = 5;

/**
 * Sessions and rate limits live in Redis. While it is away a member's request cannot be answered
 * (the gateway does not know who is asking), but it must not hang or fail with a 500: it gets this
 * 503 with Retry-After at once. Guests read on: their reads need no session, and the read limit
 * lets them through uncounted meanwhile (READS in rate-limit.ts).
 */
export class SessionsUnavailableError extends DomainError {
  readonly status = 503;
  constructor() {
    super(
      'SESSIONS.UNAVAILABLE',
      'Signed-in features are unavailable for a moment. Please try again in a few seconds.',
    );
  }
}

/** Sets Retry-After and returns the error to throw (Nest routes) or to send (hooks). */
export function sessionsUnavailable(response: Pick<FastifyReply, 'header'>): SessionsUnavailableError {
  void response.header('Retry-After', String(REDIS_RETRY_AFTER_SECONDS));
  return new SessionsUnavailableError();
}
