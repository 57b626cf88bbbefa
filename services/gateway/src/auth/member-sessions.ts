import type { ChainableCommander } from 'ioredis';
import { SESSION_IDLE_MS } from './session-lifetime';

/**
 * The index of a member's sessions: `member-sessions:<userId>`, a sorted set of session ids scored by
 * when each one's Redis key expires (epoch ms). It is what "sign out everywhere" reads; the session
 * store keeps it in step with the sessions themselves (connectRedisClient): in the same transaction as
 * every save of a member's session (sign-in, the daily extension) and every deletion (sign-out, the
 * new id at sign-in, a revocation). See ADR 0022.
 */
export const MEMBER_SESSIONS_PREFIX = 'member-sessions:';

export const memberSessionsKey = (userId: string): string => `${MEMBER_SESSIONS_PREFIX}${userId}`;

/** A member's session as the index lists it. */
export interface IndexEntry {
  userId: string;
  sessionId: string;
  /** When the session's Redis key expires (epoch ms). */
  expiresAt: number;
}

/**
 * The index entry for saving `json` under `key` (`sess:<id>`) for `ttlSeconds` at `now`: null for a
 * session that is no member's (one that is still signing in) or not a session at all.
 */
export function indexEntryOf(
  key: string,
  json: string,
  ttlSeconds: number | undefined,
  now: number,
  prefix: string,
): IndexEntry | null {
  if (!key.startsWith(prefix)) return null;
  const userId = memberOf(json);
  if (!userId) return null;
  const expiresAt = now + (ttlSeconds === undefined ? SESSION_IDLE_MS : ttlSeconds * 1000);
  return { userId, sessionId: key.slice(prefix.length), expiresAt };
}

/** The member a stored session's JSON belongs to, if any. */
export function memberOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const userId: unknown = (JSON.parse(json) as { userId?: unknown }).userId;
    return typeof userId === 'string' && userId.length > 0 ? userId : null;
  } catch {
    return null;
  }
}

/**
 * Adds to `commands` what lists `entry` in its member's index: the index outlives none of its
 * sessions (its expiry is only ever pushed later) and forgets the ones that expired, so it stays as
 * small as the member's live sessions.
 */
export function listSession(
  commands: ChainableCommander,
  entry: IndexEntry,
  now: number,
): ChainableCommander {
  const key = memberSessionsKey(entry.userId);
  return (
    commands
      .zadd(key, entry.expiresAt, entry.sessionId)
      .zremrangebyscore(key, '-inf', now)
      // NX for a new index (no expiry yet), GT to push an existing one's later, never earlier.
      .call('PEXPIREAT', key, entry.expiresAt, 'NX')
      .call('PEXPIREAT', key, entry.expiresAt, 'GT')
  );
}

/** Adds to `commands` what takes `sessionIds` off `userId`'s index. */
export function unlistSessions(
  commands: ChainableCommander,
  userId: string,
  sessionIds: string[],
): ChainableCommander {
  return sessionIds.length ? commands.zrem(memberSessionsKey(userId), ...sessionIds) : commands;
}
