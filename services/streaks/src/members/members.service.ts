import { Injectable } from '@nestjs/common';
import type { EventPayload, UserSummary } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';

/** Display zone when neither the member nor their posts have told us one (spec §9). */
export const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * The member read model, fed by social's user events: names for the leaderboard and the member's
 * own timezone, which decides "today" and "this week" for them.
 */
@Injectable()
export class MembersService {
  /** user.registered and user.updated carry the whole snapshot: the latest one wins. */
  async apply(tx: Transaction, user: EventPayload<'user.registered'>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO members (user_id, first_name, last_name, profile_name, profile_image_url, timezone)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET first_name = $2, last_name = $3,
         profile_name = $4, profile_image_url = $5, timezone = $6`,
      [user.userId, user.firstName, user.lastName, user.profileName, user.profileImageUrl, user.timezone],
    );
  }

  /**
   * The zone that decides a member's "today": their stored timezone, else the zone of their latest
   * early post, else the default.
   */
  async zoneOf(manager: EntityManager, userId: string): Promise<string> {
    const [row] = await manager.query<{ zone: string | null }[]>(
      `SELECT coalesce(
         (SELECT timezone FROM members WHERE user_id = $1),
         (SELECT timezone FROM early_posts WHERE user_id = $1 ORDER BY posted_at DESC LIMIT 1)
       ) AS zone`,
      [userId],
    );
    return row?.zone ?? DEFAULT_TIMEZONE;
  }

  /** Names as the member read model has them; all null for a member it has not heard of. */
  async summaryOf(manager: EntityManager, userId: string): Promise<UserSummary> {
    const [row] = await manager.query<(Omit<UserSummary, 'id'> | undefined)[]>(
      `SELECT first_name AS "firstName", last_name AS "lastName", profile_name AS "profileName",
              profile_image_url AS "profileImageUrl"
       FROM members WHERE user_id = $1`,
      [userId],
    );
    return {
      id: userId,
      firstName: row?.firstName ?? null,
      lastName: row?.lastName ?? null,
      profileName: row?.profileName ?? null,
      profileImageUrl: row?.profileImageUrl ?? null,
    };
  }
}
