import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';

/** Unread-count streams one member may have open at once, across every gateway process. */
export const STREAMS_PER_MEMBER = 5;
/**
 * How long a slot is held without being renewed: an open stream renews it with each heartbeat, so
 * a slot whose gateway process died is free again this long after its last heartbeat.
 */
export const SLOT_LEASE_MS = 60_000;

/** A stream's place among its member's; `renew` with each heartbeat, `release` when it closes. */
export interface StreamSlot {
  renew(): void;
  release(): void;
}

/**
 * Takes a slot in KEYS[1] (a sorted set of stream ids, scored by when each lease ends) for stream
 * ARGV[3] if fewer than ARGV[4] leases are running at ARGV[1] (now); the lease ends at ARGV[2].
 * Answers 1 if taken, 0 if the member has no slot free.
 */
const TAKE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1`;

type RedisWithSlots = Redis & {
  takeStreamSlot(key: string, now: number, leaseEnd: number, streamId: string, max: number): Promise<number>;
};

/**
 * The open unread-count streams of each member, counted in Redis so that the limit holds across
 * gateway processes. A stream beyond STREAMS_PER_MEMBER is refused rather than the oldest closed:
 * a closed EventSource reconnects by itself, so closing the oldest would have a member's tabs close
 * one another in turn; a refused one gives up, and the SPA polls the count for that tab instead.
 */
@Injectable()
export class StreamSlots {
  constructor(@InjectRedis() private readonly redis: Redis) {
    if (!('takeStreamSlot' in redis))
      redis.defineCommand('takeStreamSlot', { numberOfKeys: 1, lua: TAKE_SLOT });
  }

  /** A slot for a new stream of `userId`, or null when they have STREAMS_PER_MEMBER open already. */
  async take(userId: string): Promise<StreamSlot | null> {
    const key = `notifications:streams:${userId}`;
    const streamId = randomUUID();
    const now = Date.now();
    const taken = await (this.redis as RedisWithSlots).takeStreamSlot(
      key,
      now,
      now + SLOT_LEASE_MS,
      streamId,
      STREAMS_PER_MEMBER,
    );
    if (!taken) return null;
    // Renewals and the release are best effort: a slot they miss ends with its lease.
    const ignore = () => undefined;
    return {
      renew: () => {
        const leaseEnd = Date.now() + SLOT_LEASE_MS;
        this.redis.multi().zadd(key, 'XX', leaseEnd, streamId).pexpireat(key, leaseEnd).exec().catch(ignore);
      },
      release: () => void this.redis.zrem(key, streamId).catch(ignore),
    };
  }

  /** How many streams of `userId` hold a slot now. */
  async openCount(userId: string): Promise<number> {
    return this.redis.zcount(`notifications:streams:${userId}`, Date.now(), '+inf');
  }
}
