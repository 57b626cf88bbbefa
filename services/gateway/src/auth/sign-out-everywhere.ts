import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { clearCookie } from './cookies';
import { sessionCookie } from './session';
import { destroy } from './session-changes';
import type { GatewaySessionStore } from './session-store';

/**
 * Ends every session of the member, on every device and gateway process, this request's included,
 * and tells this browser to drop its cookie. For routes that change sessions only
 * (SESSION_CHANGING_ROUTES in session.ts). Answers how many sessions ended.
 */
export async function signOutEverywhere(
  sessions: GatewaySessionStore,
  config: GatewayConfig,
  userId: string,
  exchange: { req: FastifyRequest; res: FastifyReply },
): Promise<number> {
  const ended = await sessions.endSessionsOf(userId);
  // This one through express-session too, which would otherwise save it again after the answer
  // (when this request was the day's first and extended it).
  await destroy(exchange.req);
  const { name, options } = sessionCookie(config);
  clearCookie(exchange.res, name, options);
  return ended;
}
