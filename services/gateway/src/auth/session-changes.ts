import type { FastifyRequest } from 'fastify';
import { sessionToChange } from './session';
import type { RequestSession } from './session-data';

/**
 * express-session's callback methods as promises, for the routes that change sessions
 * (SESSION_CHANGING_ROUTES in session.ts, which run express-session for them).
 */

/** The session of such a route's request. */
export const sessionOf = (req: FastifyRequest): RequestSession => sessionToChange(req);

export const regenerate = (req: FastifyRequest) =>
  new Promise<void>((ok, fail) => sessionOf(req).regenerate((e) => (e ? fail(e) : ok())));

export const save = (req: FastifyRequest) =>
  new Promise<void>((ok, fail) => sessionOf(req).save((e) => (e ? fail(e) : ok())));

/** Ends the request's session, if it has one: deleted from the store, and never saved again by it. */
export const destroy = (req: FastifyRequest) =>
  new Promise<void>((ok, fail) => (req.session ? sessionOf(req).destroy((e) => (e ? fail(e) : ok())) : ok()));
