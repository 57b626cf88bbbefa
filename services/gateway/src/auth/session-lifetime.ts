import type { SessionData } from 'express-session';
import type { RequestSession } from './session-data';
import { sessionUserId } from './session-user';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Idle lifetime: a member's visits push the expiry this far forward, so active members stay signed in. */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/**
 * How often a visit pushes the idle expiry forward. Pushing it on every request cost each of them a
 * Redis write and a freshly signed cookie; once a day costs one, and the idle lifetime a member sees
 * is between 29 and 30 days (the sliding expiration of most web frameworks renews it the same way).
 */
export const SESSION_EXTEND_EVERY_MS = DAY_MS;
/** Absolute lifetime: however active, a member signs in again this long after signing in. */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
/** A session that never finished signing in (abandoned at the provider) goes away soon. */
export const LOGIN_STATE_TTL_SECONDS = 15 * 60;

/** How long the store keeps `data` (seconds): until its cookie expires, or briefly while signing in. */
export function storeTtlSeconds(data: SessionData, now = Date.now()): number {
  if (!data.userId) return LOGIN_STATE_TTL_SECONDS;
  const expires = data.cookie?.expires ? new Date(data.cookie.expires).getTime() : now + SESSION_IDLE_MS;
  return Math.max(1, Math.ceil((expires - now) / 1000));
}

/** How long a member's session may still last (ms) at `now`: its idle lifetime, capped by the absolute one. */
export function sessionLifetimeLeft(signedInAt: number, now: number): number {
  return Math.min(SESSION_IDLE_MS, signedInAt + SESSION_ABSOLUTE_MS - now);
}

/** Whether the idle expiry moves forward now: SESSION_EXTEND_EVERY_MS since the last extension or sign-in. */
const extensionDue = (signedInAt: number, extendedAt: number | undefined, now: number): boolean =>
  now - (extendedAt ?? signedInAt) >= SESSION_EXTEND_EVERY_MS;

/**
 * Whether a stored session stays as it is for a request at `now`: a member's, within both lifetimes
 * and extended less than SESSION_EXTEND_EVERY_MS ago, so `enforceSessionLifetimes` would change
 * nothing that is saved. Such a session can be read without express-session (SessionReads).
 */
export function readsAsIs(data: Partial<SessionData>, now: number): boolean {
  const { signedInAt, extendedAt } = data;
  if (!sessionUserId({ session: data }) || typeof signedInAt !== 'number') return false;
  return sessionLifetimeLeft(signedInAt, now) > 0 && !extensionDue(signedInAt, extendedAt, now);
}

/**
 * A member's session ends SESSION_ABSOLUTE_MS after sign-in however active they are: its cookie and
 * Redis expiry never reach past that point, and a session found past it is replaced by an empty one.
 * Until then, the first request at least SESSION_EXTEND_EVERY_MS after the last extension (or sign-in)
 * extends it: changing `extendedAt` makes express-session save the session, with a Redis expiry
 * (`storeTtlSeconds`) and a new cookie that both run the idle lifetime from now.
 */
export function enforceSessionLifetimes(
  req: { session?: RequestSession },
  next: (error?: unknown) => void,
): void {
  if (!req.session || !sessionUserId(req)) return next();
  const now = Date.now();
  // Sessions from before the absolute lifetime existed start theirs now.
  req.session.signedInAt ??= now;
  const left = sessionLifetimeLeft(req.session.signedInAt, now);
  if (left <= 0) {
    req.session.regenerate((error) => next(error));
    return;
  }
  // express-session sets maxAge back to originalMaxAge before it saves: cap both.
  req.session.cookie.originalMaxAge = left;
  req.session.cookie.maxAge = left;
  if (extensionDue(req.session.signedInAt, req.session.extendedAt, now)) req.session.extendedAt = now;
  next();
}
