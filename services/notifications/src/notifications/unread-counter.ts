import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UNREAD_COUNT_CHANNEL, encodeUnreadCountChange } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { PeriodicJob } from '@daybreak/nest-common';
import { unreadCounterRebuilds } from '@daybreak/observability';
import { InjectRedis } from '@daybreak/redis';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import {
  UnreadSnapshot,
  addUnread,
  counterOf,
  countersChangedAfter,
  deleteCounter,
  lockCounters,
  removeUnread,
  zeroUnread,
} from './unread-counters.queries';

export type { UnreadSnapshot } from './unread-counters.queries';

export const unreadKey = (userId: string): string => `unread:${userId}`;
/** The Postgres version of the count `unread:{userId}` holds. */
const versionKey = (userId: string): string => `unread-version:${userId}`;

/** Counters changed this recently are copied to Redis again when a process starts. */
const RESYNC_ON_START_MS = 15 * 60_000;
/** How often a running process copies the recently changed counters again, and how far back. */
const RESYNC_EVERY_MS = 30_000;
const RESYNC_WINDOW_MS = 4 * RESYNC_EVERY_MS;
/** A transaction's snapshots, stored in Redis once it commits. */
const SNAPSHOTS_TO_STORE = Symbol('unread snapshots to store');
/** Counters per Redis pipeline and per resync query page. */
const STORE_BATCH = 1000;

/**
 * Stores a snapshot unless Redis has already taken a newer version of that member's count, or the
 * same version and still holds it; and announces it with the message it is given (the contract's,
 * encoded in TypeScript: the script knows nothing of its shape). The version outlives a flushed
 * count: a snapshot read before a newer one was stored, and arriving after the flush, is refused,
 * while a rebuild of the current version is taken. (To reset a member's count, delete both keys.)
 */
const STORE_IF_NEWER = `
local stored = tonumber(redis.call('GET', KEYS[2]))
local offered = tonumber(ARGV[1])
if stored and (stored > offered or (stored == offered and redis.call('EXISTS', KEYS[1]) == 1)) then
  return 0
end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1`;

/** Copies committed snapshots to Redis, newest version wins; one round trip per batch. */
export async function storeUnreadSnapshots(
  redis: Redis,
  snapshots: readonly UnreadSnapshot[],
): Promise<void> {
  for (let i = 0; i < snapshots.length; i += STORE_BATCH) {
    const pipeline = redis.pipeline();
    for (const { userId, unread, version } of snapshots.slice(i, i + STORE_BATCH)) {
      pipeline.eval(
        STORE_IF_NEWER,
        2,
        unreadKey(userId),
        versionKey(userId),
        version,
        unread,
        UNREAD_COUNT_CHANNEL,
        encodeUnreadCountChange({ userId, count: unread }),
      );
    }
    for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
  }
}

/**
 * Unread counts. Postgres is the truth: each member's count lives in `unread_counters`, changed in
 * the same transaction as the notifications, with a version that goes up on every change. Redis
 * (`unread:{userId}`) serves reads and takes a snapshot only if it is newer than what it holds, so:
 * - two changes whose after-commit writes arrive out of order can't leave the older count;
 * - a rebuild racing a change can't count it twice;
 * - a process killed between its commit and its Redis write leaves a stale count only until a
 *   process starts (it copies the recently changed counters) or the periodic resync runs.
 * Redis holds nothing that can't be rebuilt: a missing count is read from Postgres on first read.
 *
 * Lock order: a transaction that reads notifications to change a count (mark read, read all, a
 * post's deletion) locks the member's counter row first, so it can't deadlock with another.
 */
@Injectable()
export class UnreadCounter implements OnApplicationBootstrap, OnModuleDestroy {
  /** The first resync, as the process starts, looks further back than the periodic ones (until one succeeds). */
  private resyncWindowMs = RESYNC_ON_START_MS;
  private readonly resyncJob = new PeriodicJob(
    { name: 'Unread counters resync', everyMs: RESYNC_EVERY_MS, firstDelayMs: 0 },
    async () => {
      await this.resync(this.resyncWindowMs);
      this.resyncWindowMs = RESYNC_WINDOW_MS;
    },
  );

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    this.resyncJob.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.resyncJob.stop();
  }

  /** The member's count, rebuilt from Postgres when Redis doesn't have it. */
  async count(userId: string): Promise<number> {
    const cached = await this.redis.get(unreadKey(userId));
    if (cached !== null) return Number(cached);
    unreadCounterRebuilds.inc();
    const snapshot = await counterOf(this.dataSource.manager, userId);
    await storeUnreadSnapshots(this.redis, [snapshot ?? { userId, unread: 0, version: '0' }]);
    return snapshot?.unread ?? 0;
  }

  /**
   * Locks the members' counters for this transaction (see the lock order above), creating any that
   * doesn't exist yet: a lock on no row would let a member's first notification commit between
   * read-all's two statements, and its count be set to 0 with it unread.
   */
  async lock(manager: EntityManager, userIds: readonly string[]): Promise<void> {
    await lockCounters(manager, userIds);
  }

  /** One more unread notification for each member, per time named (a batch of likes may name one often). */
  async added(tx: Transaction, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    this.storeAfterCommit(tx, await addUnread(tx.manager, userIds));
  }

  /** Some of each member's unread notifications were read or removed (a member may appear once). */
  async removed(tx: Transaction, unreadGone: ReadonlyMap<string, number>): Promise<void> {
    if (unreadGone.size === 0) return;
    this.storeAfterCommit(tx, await removeUnread(tx.manager, unreadGone));
  }

  /** Everything of the member's is read. */
  async readAll(tx: Transaction, userId: string): Promise<void> {
    this.storeAfterCommit(tx, await zeroUnread(tx.manager, userId));
  }

  /**
   * A member who left (issue 42): their counter goes from Postgres, and its copy from Redis once
   * that commits. The caller holds the counter's lock (`lock`).
   */
  async forget(tx: Transaction, userId: string): Promise<void> {
    await deleteCounter(tx.manager, userId);
    tx.afterCommit(() => this.redis.del(unreadKey(userId), versionKey(userId)));
  }

  /**
   * Queues the snapshots for Redis once `tx` commits. A transaction that changes counts several
   * times (a consumer's batch of events) stores each member's last snapshot once, in one round trip.
   */
  private storeAfterCommit(tx: Transaction, snapshots: UnreadSnapshot[]): void {
    if (snapshots.length === 0) return;
    tx.gather(SNAPSHOTS_TO_STORE, (queued: UnreadSnapshot[]) => this.storeNewest(queued), 'afterCommit').push(
      ...snapshots,
    );
  }

  private storeNewest(snapshots: UnreadSnapshot[]): Promise<void> {
    // Later in one transaction is newer: its version is higher.
    const newest = new Map(snapshots.map((snapshot) => [snapshot.userId, snapshot]));
    return storeUnreadSnapshots(this.redis, [...newest.values()]);
  }

  /**
   * Copies the counters changed in the last `windowMs` to Redis again: whatever a killed process
   * committed but never wrote there. Harmless when Redis is current (older versions are refused).
   */
  private async resync(windowMs: number): Promise<void> {
    let after = { updatedAt: new Date(Date.now() - windowMs).toISOString(), userId: '' };
    for (;;) {
      const page = await countersChangedAfter(this.dataSource.manager, after, STORE_BATCH);
      await storeUnreadSnapshots(this.redis, page);
      const last = page.at(-1);
      if (!last || page.length < STORE_BATCH) return;
      after = { updatedAt: last.updatedAt, userId: last.userId };
    }
  }
}
