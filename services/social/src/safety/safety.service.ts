import { Injectable } from '@nestjs/common';
import type { BlockResult, BlockedMember, MuteResult } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { lockOrder } from '../follows/domain/follow-rules';
import { User } from '../users/user.entity';
import { UserNotFoundError } from '../users/users.errors';
import { CannotBlockYourselfError, CannotMuteYourselfError } from './safety.errors';
import {
  Kind,
  Pair,
  deletePair,
  endFollowsBetween,
  currentSafetyVersion,
  insertPair,
  listPairs,
  nextSafetyVersion,
} from './safety.queries';

/**
 * Where a block or mute stands now, and how many changes the member has made (their safety version,
 * ADR 0023): what the gateway waits for posts to have applied before it answers (ADR 0024).
 */
export interface SafetyChange<T> {
  result: T;
  version: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/**
 * A member's blocks and mutes. Each change and its event commit together (the outbox), and a
 * repeat changes nothing and publishes nothing. Blocking locks both members' rows in id order, as a
 * follow does, so a follow racing a block either ends with it or is refused after it.
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Blocks `blockedId`; the follows between them end both ways, each with its `user.unfollowed`. */
  block(blockerId: string, blockedId: string): Promise<SafetyChange<BlockResult>> {
    if (blockerId === blockedId) throw new CannotBlockYourselfError();
    return this.unitOfWork.run(async (tx) => {
      await lockMembers(tx, blockerId, blockedId);
      const changed = await insertPair(tx.manager, { kind: 'block', by: blockerId, of: blockedId });
      if (changed)
        for (const follow of await endFollowsBetween(tx.manager, blockerId, blockedId))
          tx.publish('user.unfollowed', follow, { actorId: blockerId });
      const version = await versionAfter(tx, blockerId, changed, (version) =>
        tx.publish('user.blocked', { blockerId, blockedId, version }, { actorId: blockerId }),
      );
      return { result: { isBlocked: true }, version };
    });
  }

  /** Ends the block; the follows it ended stay ended. */
  unblock(blockerId: string, blockedId: string): Promise<SafetyChange<BlockResult>> {
    if (blockerId === blockedId) throw new CannotBlockYourselfError();
    return this.changePair(
      { isBlocked: false },
      { kind: 'block', by: blockerId, of: blockedId, change: deletePair },
      (tx, version) =>
        tx.publish('user.unblocked', { blockerId, blockedId, version }, { actorId: blockerId }),
    );
  }

  /** Mutes `mutedId`: nothing changes for them, and they are not told. */
  mute(muterId: string, mutedId: string): Promise<SafetyChange<MuteResult>> {
    if (muterId === mutedId) throw new CannotMuteYourselfError();
    return this.changePair(
      { isMuted: true },
      { kind: 'mute', by: muterId, of: mutedId, change: insertPair },
      (tx, version) => tx.publish('user.muted', { muterId, mutedId, version }, { actorId: muterId }),
    );
  }

  unmute(muterId: string, mutedId: string): Promise<SafetyChange<MuteResult>> {
    if (muterId === mutedId) throw new CannotMuteYourselfError();
    return this.changePair(
      { isMuted: false },
      { kind: 'mute', by: muterId, of: mutedId, change: deletePair },
      (tx, version) => tx.publish('user.unmuted', { muterId, mutedId, version }, { actorId: muterId }),
    );
  }

  /**
   * Unblock, mute or unmute: `by` adds or removes (`change`) their pair with `of`, who must exist;
   * `announce` publishes a change (see versionAfter).
   */
  private changePair<T>(
    result: T,
    pair: Pair & { change: typeof insertPair },
    announce: (tx: Transaction, version: number) => void,
  ): Promise<SafetyChange<T>> {
    return this.unitOfWork.run(async (tx) => {
      await requireMember(tx, pair.of);
      const changed = await pair.change(tx.manager, pair);
      return {
        result,
        version: await versionAfter(tx, pair.by, changed, (version) => announce(tx, version)),
      };
    });
  }

  /** The members `memberId` blocked (`block`) or muted (`mute`), newest first. */
  list(kind: Kind, memberId: string, page: Page): Promise<BlockedMember[]> {
    return listPairs(this.dataSource.manager, kind, memberId, page);
  }
}

/**
 * The member's safety version after one of their changes: the next one when it `changed` a pair, and
 * `announce` publishes the change with it; the current one when it was a repeat, which publishes nothing.
 */
async function versionAfter(
  tx: Transaction,
  memberId: string,
  changed: boolean,
  announce: (version: number) => void,
): Promise<number> {
  if (!changed) return currentSafetyVersion(tx.manager, memberId);
  const version = await nextSafetyVersion(tx.manager, memberId);
  announce(version);
  return version;
}

/** Locks both members' rows in id order (as FollowsService does); 404 when the other is unknown. */
async function lockMembers(tx: Transaction, memberId: string, otherId: string): Promise<void> {
  const locked = await tx.manager.find(User, {
    select: { id: true },
    where: { id: In(lockOrder(memberId, otherId)) },
    order: { id: 'ASC' },
    lock: { mode: 'for_no_key_update' },
  });
  // The member is the signed-in one; gone only if their account was deleted mid-session.
  if (locked.length !== 2) throw new UserNotFoundError();
}

async function requireMember(tx: Transaction, userId: string): Promise<void> {
  if (!(await tx.manager.existsBy(User, { id: userId }))) throw new UserNotFoundError();
}
