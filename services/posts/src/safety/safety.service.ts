import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventOf } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { DataSource } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { PairChange, appliedVersion, applyPairChange, noteAppliedVersion } from './safety.queries';

/** Social's events of a block or mute set or lifted. */
export type PairEvent =
  EventOf<'user.blocked'> | EventOf<'user.unblocked'> | EventOf<'user.muted'> | EventOf<'user.unmuted'>;

/** The change to its pair that an event tells of, by the member who made it. */
export function pairChangeOf({ type, payload }: PairEvent): PairChange {
  const standing = type === 'user.blocked' || type === 'user.muted';
  const { version } = payload;
  return 'blockerId' in payload
    ? { kind: 'block', memberId: payload.blockerId, otherId: payload.blockedId, standing, version }
    : { kind: 'mute', memberId: payload.muterId, otherId: payload.mutedId, standing, version };
}

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

  /** Applies one change in the consumer's transaction; a page shows what it hides, so a feed write. */
  apply(tx: Transaction, event: PairEvent): Promise<void> {
    const change = pairChangeOf(event);
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
