import { Signer } from '@fastify/cookie';
import type { SessionData, Store } from 'express-session';
import type { IncomingMessage } from 'node:http';

/**
 * A cookie whose signature was checked once is not checked again: the answer cannot change while
 * the secret does not. Bounded; when full it starts over, which costs only the checks again.
 */
const VERIFIED_COOKIES_MAX = 10_000;

/** The raw request as express-session leaves it after loading a session. */
export type ReadableRequest = IncomingMessage & { sessionID?: string; sessionStore?: Store };

export interface SessionReadsOptions {
  secret: string;
  /** express-session's store (the one its middleware uses). */
  store: Store;
  /** Whether a stored session may be used as it is now: nothing about it would change at `now`. */
  readsAsIs: (data: Partial<SessionData>, now: number) => boolean;
}

/**
 * What express-session does for a request that changes nothing in the session, for less.
 *
 * For a member's ordinary request (a feed page, a profile) express-session finds the session and
 * puts it on the request; its net effect is nothing else. Getting there it checks the cookie's
 * HMAC, hashes the session three times (SHA-1 of its JSON, to tell afterwards whether the request
 * changed it) and wraps the response's `writeHead` and `end`. On a signed-in feed page that was
 * about a fifth of the gateway's CPU (CPU profile under load, 2026-11-25).
 *
 * `read` does just the finding for a request that cannot change its session: with the same cookie
 * format, the same signature check (remembered per cookie) and the same store (so a session ended
 * elsewhere is gone here as soon as the store says so). It answers false, and the caller runs
 * express-session as before, whenever it cannot be sure: no cookie or a bad one, a session that is
 * not stored, or one that `readsAsIs` says is due to change (extended, ended, not signed in yet).
 */
export class SessionReads {
  private readonly signer: Signer;
  /** Checked cookies (`s:<id>.<signature>` as sent) and the session id each signs. */
  private readonly verified = new Map<string, string>();

  constructor(private readonly options: SessionReadsOptions) {
    this.signer = new Signer(options.secret);
  }

  /**
   * Puts the session that `cookie` (the session cookie's value as sent) names on the request, as
   * express-session would have (`req.session`, `sessionID`, `sessionStore`), and calls back with
   * true; or calls back with false and leaves the request as it was.
   */
  read(req: ReadableRequest, cookie: string, done: (found: boolean) => void): void {
    const sessionId = this.sessionIdOf(cookie);
    if (!sessionId) return done(false);
    const { store, readsAsIs } = this.options;
    store.get(sessionId, (error, data) => {
      if (error || !data || !readsAsIs(data, Date.now())) return done(false);
      req.sessionID = sessionId;
      req.sessionStore = store;
      // Typed for Express' request; it sets `req.session` from `req.sessionID` and `req.sessionStore`.
      store.createSession(req as unknown as Parameters<Store['createSession']>[0], data);
      done(true);
    });
  }

  /** The session id that `raw` (the session cookie's value) signs, if it is well signed. */
  private sessionIdOf(raw: string): string | undefined {
    // express-session's cookies are `s:` + the signed id.
    if (!raw.startsWith('s:')) return undefined;
    const known = this.verified.get(raw);
    if (known) return known;
    const { valid, value } = this.signer.unsign(raw.slice(2));
    if (!valid || !value) return undefined;
    if (this.verified.size >= VERIFIED_COOKIES_MAX) this.verified.clear();
    this.verified.set(raw, value);
    return value;
  }
}
