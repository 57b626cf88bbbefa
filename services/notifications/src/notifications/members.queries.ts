import type { EventPayload } from '@daybreak/contracts';
import { NamedStatement, applyUserSnapshot, queryNamed } from '@daybreak/database';
import type { Transaction } from '@daybreak/messaging';
import type { EntityManager } from 'typeorm';
import type { MemberNames } from './notification-text';

/**
 * The `members` table: the service's copy of each member's names and photo, from the social
 * service's user events (its `fromUser`; the list joins it in notification-reads.queries.ts).
 */

const MEMBERS_NAMES: NamedStatement = {
  name: 'members_names',
  text: `SELECT user_id AS "userId", first_name AS "firstName", last_name AS "lastName",
                profile_name AS "profileName"
         FROM members WHERE user_id = ANY($1::uuid[])`,
};

/** Applies a user snapshot as of `occurredAt`; a replayed older one never overwrites a newer one. */
export function applyMemberSnapshot(
  tx: Transaction,
  user: EventPayload<'user.registered'>,
  occurredAt: string,
): Promise<void> {
  return applyUserSnapshot(tx.manager, 'members', user, occurredAt);
}

/** The names of those of the members the service has heard of, by id (lower case, as Postgres answers). */
export async function memberNames(
  manager: EntityManager,
  userIds: readonly string[],
): Promise<Map<string, MemberNames>> {
  const rows = await queryNamed<MemberNames & { userId: string }>(manager, MEMBERS_NAMES, [userIds]);
  return new Map(rows.map(({ userId, ...names }) => [userId, names]));
}

/** A member who left (issue 42): their copy goes. */
export async function deleteMember(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM members WHERE user_id = $1`, [userId]);
}
