import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';
import { indexEntryOf, listSession } from './member-sessions';
import { SESSION_KEY_PREFIX } from './session-store';

/** Session keys looked at per round trip. */
const BATCH = 500;

/**
 * Lists in their members' indexes the sessions stored in Redis that are not listed yet, and answers
 * how many member sessions it saw. Sessions are listed as they are saved (session-store.ts); those
 * saved by a gateway from before the index, or by an older process still running during a rolling
 * deploy, are listed here, so "sign out everywhere" misses none of them. Listing one again changes
 * nothing; one deleted meanwhile is listed until its old expiry at most, and deleting it again is a
 * no-op.
 */
export async function listStoredSessions(redis: Redis): Promise<number> {
  let seen = 0;
  for await (const keys of redis.scanStream({ match: `${SESSION_KEY_PREFIX}*`, count: BATCH })) {
    const batch = keys as string[];
    if (batch.length === 0) continue;
    const reads = redis.pipeline().mget(...batch);
    for (const key of batch) reads.pttl(key);
    const results = (await reads.exec()) ?? [];
    const values = (results[0]?.[1] ?? []) as (string | null)[];
    const now = Date.now();
    const writes = redis.multi();
    batch.forEach((key, i) => {
      const msLeft = results[i + 1]?.[1] as number;
      const entry =
        msLeft > 0 && values[i] ? indexEntryOf(key, values[i], msLeft / 1000, now, SESSION_KEY_PREFIX) : null;
      if (!entry) return;
      listSession(writes, entry, now);
      seen++;
    });
    await writes.exec();
  }
  return seen;
}

/** Runs `listStoredSessions` once each gateway process starts, beside its serving. */
@Injectable()
export class MemberSessionsBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(MemberSessionsBackfill.name);

  constructor(@InjectRedis() private readonly redis: Redis) {}

  onApplicationBootstrap(): void {
    listStoredSessions(this.redis).then(
      (count) => this.logger.log(`${count} member sessions listed for signing out everywhere`),
      // Redis away at start: the sessions it would have listed are listed as they are next saved.
      (error: Error) => this.logger.warn(`Could not list the stored sessions: ${error.message}`),
    );
  }
}
