import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { unreadCounterRebuilds } from '@daybreak/observability';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

/** Where every change of a member's count is announced, as JSON `{"userId": "...", "count": N}`. */
export const UNREAD_CHANNEL = 'notifications:unread';

export const unreadKey = (userId: string): string => `unread:${userId}`;

/**
 * Adds `delta` to an existing counter (never below 0) and announces the new count, atomically. A
 * missing counter stays missing (nil): it is rebuilt from Postgres, which already holds the change.
 */
const ADJUST_IF_PRESENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count < 0 then
  count = 0
  redis.call('SET', KEYS[1], 0)
end
redis.call('PUBLISH', ARGV[2], '{"userId":"' .. ARGV[3] .. '","count":' .. count .. '}')
return count`;

/**
 * Unread counts in Redis (`unread:{userId}`). Postgres is the truth: Redis holds nothing that can't be
 * rebuilt, so a flushed or restarted Redis costs one COUNT per member on their next read.
 * Callers adjust only after their transaction has committed.
 */
@Injectable()
export class UnreadCounter {
  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The member's count, rebuilt from Postgres when the key is missing. */
  async count(userId: string): Promise<number> {
    const cached = await this.redis.get(unreadKey(userId));
    if (cached !== null) return Number(cached);
    return this.rebuildOne(userId);
  }

  /** One more unread notification for each member (a fan-out passes many), in one round trip. */
  async added(userIds: readonly string[]): Promise<void> {
    await this.adjust(userIds, 1);
  }

  /** One notification of the member's flipped from unread to read. */
  async readOne(userId: string): Promise<void> {
    await this.adjust([userId], -1);
  }

  /** Everything of the member's is read. */
  async readAll(userId: string): Promise<void> {
    await this.redis
      .multi()
      .set(unreadKey(userId), 0)
      .publish(UNREAD_CHANNEL, announcement(userId, 0))
      .exec();
  }

  private async adjust(userIds: readonly string[], delta: number): Promise<void> {
    if (userIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const userId of userIds) {
      pipeline.eval(ADJUST_IF_PRESENT, 1, unreadKey(userId), delta, UNREAD_CHANNEL, userId);
    }
    const results = (await pipeline.exec()) ?? [];
    const missing = userIds.filter((_, i) => {
      const [error, count] = results[i] ?? [];
      if (error) throw error;
      return count === null;
    });
    await this.rebuild(missing, { announce: true });
  }

  /** Rebuilds one member's counter from Postgres and returns it. */
  private async rebuildOne(userId: string): Promise<number> {
    return (await this.rebuild([userId], { announce: false })).get(userId) ?? 0;
  }

  /**
   * Counts in Postgres (one query for any number of members, as a fan-out needs) and stores each
   * count unless a concurrent rebuild got there first (NX), whose value is as fresh.
   */
  private async rebuild(userIds: string[], options: { announce: boolean }): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.dataSource.query<{ userId: string; count: number }[]>(
      `SELECT ids.user_id::text AS "userId", count(n.id)::int AS count
       FROM unnest($1::uuid[]) AS ids (user_id)
       LEFT JOIN notifications n ON n.user_id = ids.user_id AND NOT n.is_read
       GROUP BY ids.user_id`,
      [userIds],
    );
    unreadCounterRebuilds.inc(rows.length);
    const pipeline = this.redis.pipeline();
    for (const { userId, count } of rows) {
      pipeline.set(unreadKey(userId), count, 'NX');
      if (options.announce) pipeline.publish(UNREAD_CHANNEL, announcement(userId, count));
    }
    await pipeline.exec();
    return new Map(rows.map((row) => [row.userId, row.count]));
  }
}

const announcement = (userId: string, count: number): string => JSON.stringify({ userId, count });
