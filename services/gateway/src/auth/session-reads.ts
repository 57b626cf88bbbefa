import { Signer } from '@fastify/cookie';
import type { Session, SessionData, Store } from 'express-session';
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * Cookies checked and sessions parsed that each kind of memory keeps at most; past it the least
 * recently used goes, which costs only its check or parse again.
 */
const REMEMBERED_MAX = 10_000;

/**
 * A member's session as a request that cannot change it reads it: the stored data, frozen, and the
 * same object for every such request until the stored session changes.
 */
export type ReadSession = Readonly<Partial<SessionData>>;

/** The raw request, with the session express-session or SessionReads put on it. */
export type ReadableRequest = IncomingMessage & { session?: ReadSession | Session; sessionID?: string };

export interface SessionReadsOptions {
  secret: string;
  /** express-session's store (the one its middleware uses). */
  store: Store;
  /** Whether a stored session may be used as it is now: nothing about it would change at `now`. */
  readsAsIs: (data: Partial<SessionData>, now: number) => boolean;
  /**
   * The stored session's JSON from this process' memory (connectRedisClient's copies): a string, null
   * when the copy says there is none, undefined when there is no fresh copy (the store is asked).
   */
  storedCopy?: (sessionId: string) => string | null | undefined;
  /** Cookies checked, and sessions parsed, that are remembered at most (10,000 each). */
  rememberedMax?: number;
}

/**
 * What express-session does for a request that changes nothing in the session, for less.
 *
 * For a member's ordinary request (a feed page, a profile) express-session finds the session and
 * puts it on the request; its net effect is nothing else. Getting there it checks the cookie's
 * HMAC, hashes the session three times (SHA-1 of its JSON, to tell afterwards whether the request
 * changed it) and wraps the response's `writeHead` and `end`: a large share of the gateway's CPU
 * on a signed-in feed page (measured in ADR 0021).
 *
 * `read` does just the finding for a request that cannot change its session: with the same cookie
 * format, the same signature check (remembered per cookie) and the same store (so a session ended
 * elsewhere is gone here as soon as the store says so). It answers false, and the caller runs
 * express-session as before, whenever it cannot be sure: no cookie or a bad one, a session that is
 * not stored, or one that `readsAsIs` says is due to change (extended, ended, not signed in yet).
 */
export class SessionReads {
  private readonly signer: Signer;
  /**
   * Checked cookies (`s:<id>.<signature>` as sent) and the session id each signs: a signature checked
   * once is not checked again, as the answer cannot change while the secret does not.
   */
  private readonly verified: LRUCache<string, string>;
  /** Sessions parsed from stored copies, by session id, with the JSON each was parsed from. */
  private readonly parsedSessions: LRUCache<string, { json: string; data: ReadSession }>;

  constructor(private readonly options: SessionReadsOptions) {
    this.signer = new Signer(options.secret);
    const max = options.rememberedMax ?? REMEMBERED_MAX;
    this.verified = new LRUCache({ max });
    this.parsedSessions = new LRUCache({ max });
  }

  /**
   * Puts the session that `cookie` (the session cookie's value as sent) names on the request
   * (`req.session`, read-only), and calls back with true; or calls back with false and leaves the
   * request as it was.
   */
  read(req: ReadableRequest, cookie: string, done: (found: boolean) => void): void {
    const sessionId = this.sessionIdOf(cookie);
    if (!sessionId) return done(false);
    // From this process' copy, at once: the store's way, even from the same copy, takes three promise
    // hops and a JSON.parse (their cost on a signed-in feed read: ADR 0021).
    const copy = this.options.storedCopy?.(sessionId);
    if (copy !== undefined)
      return done(copy !== null && this.use(req, sessionId, this.parsed(sessionId, copy)));
    this.options.store.get(sessionId, (error, data) =>
      done(!error && !!data && this.use(req, sessionId, deepFreeze(data))),
    );
  }

  /**
   * Puts `data` on the request as its session if it may be read as it is; says whether it did.
   * The data itself, frozen: no express-session Session (with its Cookie) is made for a request
   * that cannot save one (its cost on a signed-in feed page: ADR 0021). A route that changes
   * sessions runs express-session instead (`sessionToChange`).
   */
  private use(req: ReadableRequest, sessionId: string, data: ReadSession): boolean {
    if (!this.options.readsAsIs(data, Date.now())) return false;
    req.session = data;
    // Where express-session puts it: what watches a session (SessionWatch) finds it by its id.
    req.sessionID = sessionId;
    return true;
  }

  /** The session that `json` (a stored copy) holds, parsed and frozen once per JSON. */
  private parsed(sessionId: string, json: string): ReadSession {
    let known = this.parsedSessions.get(sessionId);
    if (known?.json !== json) {
      known = { json, data: deepFreeze(JSON.parse(json) as SessionData) };
      this.parsedSessions.set(sessionId, known);
    }
    return known.data;
  }

  /** The session id that `raw` (the session cookie's value) signs, if it is well signed. */
  private sessionIdOf(raw: string): string | undefined {
    // express-session's cookies are `s:` + the signed id.
    if (!raw.startsWith('s:')) return undefined;
    const known = this.verified.get(raw);
    if (known) return known;
    const { valid, value } = this.signer.unsign(raw.slice(2));
    if (!valid || !value) return undefined;
    this.verified.set(raw, value);
    return value;
  }
}

/** `data` with it and its cookie frozen (a session's only nested object). */
function deepFreeze(data: SessionData): ReadSession {
  Object.freeze(data.cookie);
  return Object.freeze(data);
}
