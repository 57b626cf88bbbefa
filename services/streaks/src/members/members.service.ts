import { Injectable } from '@nestjs/common';
import type { EventPayload, UserSummary } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import { followMemberZone } from '../morning/morning-schedule';
import { eraseMemberRows } from './member-erasure.queries';
import { memberNames, storedZoneOf, upsertMember } from './members.queries';

/** Display zone when neither the member nor their posts have told us one (spec §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * The member read model, fed by social's user events: names for the leaderboard and the member's
 * own timezone, which decides "today" and "this week" for them.
 */
@Injectable()
export class MembersService {
  /**
   * user.registered and user.updated carry the whole snapshot, as of `occurredAt`: the newest one
   * wins, so a replayed older snapshot never overwrites a newer one.
   */
  async apply(tx: Transaction, user: EventPayload<'user.registered'>, occurredAt: string): Promise<void> {
    await upsertMember(tx.manager, user, occurredAt);
    // Their morning messages follow their zone (ADR 0028): scheduled now, moved when it changes.
    await followMemberZone(tx.manager, user.userId, await this.zoneOf(tx.manager, user.userId));
  }

  /**
   * user.deleted (issue 42): the member's early activity, streaks, badges, copy and follows go, so
   * they leave every leaderboard. A replay finds nothing left.
   */
  erase(tx: Transaction, { userId }: EventPayload<'user.deleted'>): Promise<void> {
    return eraseMemberRows(tx.manager, userId);
  }

  /**
   * The zone that decides a member's "today": their stored timezone, else the zone of their latest
   * early post, else the default.
   */
  async zoneOf(manager: EntityManager, userId: string): Promise<string> {
    return (await storedZoneOf(manager, userId)) ?? DEFAULT_TIMEZONE;
  }

  /** Names as the member read model has them; all null for a member it has not heard of. */
  async summaryOf(manager: EntityManager, userId: string): Promise<UserSummary> {
    const row = await memberNames(manager, userId);
    return {
      id: userId,
      firstName: row?.firstName ?? null,
      lastName: row?.lastName ?? null,
      profileName: row?.profileName ?? null,
      profileImageUrl: row?.profileImageUrl ?? null,
    };
  }
}
