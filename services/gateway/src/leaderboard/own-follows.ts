import { Injectable, Logger } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';

/**
 * How long a member's own follow change is passed on to streaks: far longer than the event takes to
 * reach streaks' follow read model (tens of milliseconds, measured in ADR 0030; seconds while Kafka
 * recovers), after which the read model says the same and the change adds nothing.
 */
export const OWN_FOLLOW_TTL_MS = 60_000;
/** Changes passed at most, the newest: a member toggling dozens in a minute is a script. */
export const OWN_FOLLOW_LIMIT = 50;

/** The member's recent own follow changes, as streaks applies them over its read model. */
export interface OwnFollowChanges {
  followed: string[];
  unfollowed: string[];
}

const NONE: OwnFollowChanges = { followed: [], unfollowed: [] };
const keyOf = (memberId: string) => `own-follows:${memberId}`;

/**
 * Read your own follows (issue 44, ADR 0030): social answers a follow once it has committed, but
 * streaks learns of it from an event tens of milliseconds later, so the member's next leaderboard
 * read could miss it. The gateway keeps each member's own changes of the last minute (a Redis hash:
 * followee → "1|0:<ms>", the latest state wins) and passes them with the leaderboard read; streaks
 * applies them over its read model. Redis failing costs only this: the read is as before.
 */
@Injectable()
export class OwnFollows {
  private readonly logger = new Logger(OwnFollows.name);

  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** After social confirmed it: `memberId` now follows (or no longer follows) `followeeId`. */
  async record(memberId: string, followeeId: string, following: boolean, now = Date.now()): Promise<void> {
    try {
      await this.redis
        .multi()
        .hset(keyOf(memberId), followeeId, `${following ? 1 : 0}:${now}`)
        .pexpire(keyOf(memberId), OWN_FOLLOW_TTL_MS)
        .exec();
    } catch (error) {
      this.logger.warn(`Could not keep ${memberId}'s own follow change: ${String(error)}`);
    }
  }

  /** The member's changes of the last minute, newest first, at most OWN_FOLLOW_LIMIT. */
  async recent(memberId: string, now = Date.now()): Promise<OwnFollowChanges> {
    let fields: Record<string, string>;
    try {
      fields = await this.redis.hgetall(keyOf(memberId));
    } catch (error) {
      this.logger.warn(`Could not read ${memberId}'s own follow changes: ${String(error)}`);
      return NONE;
    }
    const changes = Object.entries(fields)
      .map(([followeeId, value]) => {
        const [state, at] = value.split(':');
        return { followeeId, following: state === '1', at: Number(at) };
      })
      .filter((change) => now - change.at < OWN_FOLLOW_TTL_MS)
      .sort((a, b) => b.at - a.at)
      .slice(0, OWN_FOLLOW_LIMIT);
    return {
      followed: changes.filter((change) => change.following).map((change) => change.followeeId),
      unfollowed: changes.filter((change) => !change.following).map((change) => change.followeeId),
    };
  }
}
