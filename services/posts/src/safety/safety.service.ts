import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { DataSource } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { PairChange, appliedVersion, applyPairChange, noteAppliedVersion } from './safety.queries';

/** How often a wait for a member's change looks whether the consumer has applied it. */
const POLL_MS = 15;

/**
 * Blocks and mutes as posts keeps them, from social's events (ADR 0024): the reads filter by them
 * (walls.queries.ts), likes and comments are refused across a block (blockedPairs), and the gateway
 * can wait until a member's change is applied before it answers it (so their next read shows it).
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly feedCache: FeedCache,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A block set (`standing`) or lifted, from `user.blocked` or `user.unblocked`. */
  blocked(
    tx: Transaction,
    { blockerId, blockedId, version }: EventPayload<'user.blocked'>,
    standing: boolean,
  ): Promise<void> {
    return this.apply(tx, { kind: 'block', memberId: blockerId, otherId: blockedId, standing, version });
  }

  /** A mute set (`standing`) or lifted, from `user.muted` or `user.unmuted`. */
  muted(
    tx: Transaction,
    { muterId, mutedId, version }: EventPayload<'user.muted'>,
    standing: boolean,
  ): Promise<void> {
    return this.apply(tx, { kind: 'mute', memberId: muterId, otherId: mutedId, standing, version });
  }

  /** Applies one change in the consumer's transaction; a page shows what it hides, so a feed write. */
  private apply(tx: Transaction, change: PairChange): Promise<void> {
    return this.feedCache.writeIn(tx, async (write) => {
      await applyPairChange(write, change);
      await noteAppliedVersion(write, change.memberId, change.version);
    });
  }

  /**
   * Waits (at most `timeoutMs`) until the member's changes up to `version` are applied, then drops
   * the cached feed pages, every process' and the gateway's copies (the consumer's drop may still be
   * on its way): the member's next read is built after their change. False if it timed out.
   */
  async caughtUp(memberId: string, version: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while ((await appliedVersion(this.dataSource.manager, memberId)) < version) {
      if (Date.now() >= deadline) return false;
      await sleep(POLL_MS);
    }
    await this.feedCache.refresh();
    return true;
  }
}
