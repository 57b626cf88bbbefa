import { LocalCopies } from '@daybreak/redis';
import { RedisStore } from 'connect-redis';
import type { SessionData } from 'express-session';
import type { ChainableCommander } from 'ioredis';
import type Redis from 'ioredis';
import { listSession, memberOf, memberSessionsKey, indexEntryOf, unlistSessions } from './member-sessions';
import { storeTtlSeconds } from './session-lifetime';

/** The Redis key of session `<id>` is `sess:<id>` (connect-redis' default, kept from the start). */
export const SESSION_KEY_PREFIX = 'sess:';
/** Where every gateway process hears that a session was saved or ended. */
export const SESSION_CHANGED_CHANNEL = 'gateway:session-changed';
/**
 * How long a gateway process keeps a session it read: a bound should the message that drops it ever
 * not arrive (it normally does within a millisecond of the change).
 */
const SESSION_COPY_TTL_MS = 5_000;

/**
 * connect-redis 9 talks to node-redis v5 only; the gateway shares one ioredis client (libs/redis).
 * This maps the few commands the store uses onto ioredis, so there is one client and one connection
 * setting for all of the gateway's Redis use.
 *
 * The sessions it reads are kept in this process' memory (`copies`), so that a member's ordinary
 * request costs no Redis round trip (what that read cost a signed-in feed page: ADR 0021). Every
 * save and deletion (sign-in, sign-out, the daily extension) publishes in the same transaction the
 * drop that makes every gateway process forget its copy: a session that ended is refused everywhere
 * once the message arrives (normally within a millisecond), and never later than SESSION_COPY_TTL_MS.
 * The same transactions keep each member's index of sessions (member-sessions.ts) in step, which
 * `endSessionsOf` reads to end them all.
 */
export function connectRedisClient(redis: Redis, copies: LocalCopies<string | null>) {
  const changeAndDrop = async (commands: ChainableCommander, keys: string[]) => {
    for (const key of keys) {
      copies.drop(key);
      copies.publishDrop(commands, key);
    }
    const results = (await commands.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
    return results[0]?.[1];
  };
  return {
    async get(key: string) {
      const copy = copies.get(key);
      if (copy !== undefined) return copy;
      const generation = copies.generation();
      const value = await redis.get(key);
      copies.keep(key, value, generation);
      return value;
    },
    set(key: string, value: string, options?: { expiration?: { type: 'EX'; value: number } }) {
      const ttlSeconds = options?.expiration?.value;
      const commands =
        ttlSeconds === undefined
          ? redis.multi().set(key, value)
          : redis.multi().set(key, value, 'EX', ttlSeconds);
      const now = Date.now();
      const entry = indexEntryOf(key, value, ttlSeconds, now, SESSION_KEY_PREFIX);
      return changeAndDrop(entry ? listSession(commands, entry, now) : commands, [key]);
    },
    expire: (key: string, seconds: number) => redis.expire(key, seconds),
    async del(keys: string | string[]) {
      const list = Array.isArray(keys) ? keys : [keys];
      if (list.length === 0) return 0;
      // Whose they are, to take them off their members' indexes in the same transaction. A deletion
      // (sign-out, the new id at sign-in) is rare enough for the extra read.
      const members = (await redis.mget(...list)).map(memberOf);
      const commands = redis.multi().del(...list);
      list.forEach((key, i) => {
        const userId = members[i];
        if (userId) unlistSessions(commands, userId, [key.slice(SESSION_KEY_PREFIX.length)]);
      });
      return changeAndDrop(commands, list);
    },
    /**
     * Ends every session of `userId` (sign out everywhere): deletes the ones its index lists, takes
     * them off it, and publishes their drops, all in one transaction; answers how many were live. A
     * session saved meanwhile is a new sign-in: it stays listed, and live.
     */
    async endSessionsOf(userId: string): Promise<number> {
      const sessionIds = await redis.zrange(memberSessionsKey(userId), 0, -1);
      if (sessionIds.length === 0) return 0;
      const keys = sessionIds.map((id) => `${SESSION_KEY_PREFIX}${id}`);
      const commands = unlistSessions(redis.multi().del(...keys), userId, sessionIds);
      return (await changeAndDrop(commands, keys)) as number;
    },
    mGet: (keys: string[]) => redis.mget(...keys),
    async *scanIterator({ MATCH, COUNT }: { MATCH: string; COUNT: number }): AsyncGenerator<string[]> {
      for await (const keys of redis.scanStream({ match: MATCH, count: COUNT })) yield keys as string[];
    },
  };
}

/**
 * A Redis store whose expiry only moves when a session is saved. express-session touches the store
 * after every response that saved nothing; the idle expiry moves forward by a save instead, once a
 * day (`enforceSessionLifetimes`), so a member's ordinary request costs the session one Redis read at
 * most (none while this process keeps a copy: `connectRedisClient`).
 */
class SessionStore extends RedisStore {
  override touch(_sid: string, _session: SessionData, callback?: (error?: unknown) => void): Promise<void> {
    callback?.();
    return Promise.resolve();
  }
}

/** Token for the gateway's session store (`redisSessionStore`), one per process. */
export const SESSION_STORE = Symbol('SESSION_STORE');
export type GatewaySessionStore = ReturnType<typeof redisSessionStore>;

/**
 * The sessions in Redis (`sess:<id>`) through the gateway's client, and this process' copies of the
 * ones it read (to start with the server and stop with it).
 */
export function redisSessionStore(redis: Redis) {
  const copies = new LocalCopies<string | null>(redis, {
    channel: SESSION_CHANGED_CHANNEL,
    ttlMs: SESSION_COPY_TTL_MS,
  });
  const client = connectRedisClient(redis, copies);
  const store = new SessionStore({
    client,
    prefix: SESSION_KEY_PREFIX,
    ttl: (data) => storeTtlSeconds(data),
  });
  /** The stored session's JSON from this process' copy, if it has a fresh one (SessionReads). */
  const storedCopy = (sessionId: string) => copies.get(`${SESSION_KEY_PREFIX}${sessionId}`);
  /** Ends every session of a member, on every gateway process (`endSessionsOf`). */
  const endSessionsOf = (userId: string) => client.endSessionsOf(userId);
  return { copies, store, storedCopy, endSessionsOf };
}
