import type { EntityManager } from 'typeorm';
import type { BadgeDefinition } from './domain/badge-rules';

/** A badge a member holds, and when they earned it. */
export interface EarnedRow {
  badgeId: string;
  earnedAt: Date;
}

/** A badge of the catalogue with when it was earned. */
export type EarnedBadgeRow = BadgeDefinition & { earnedAt: Date };

const DEFINITION_COLUMNS = `b.id, b.name, b.description, b.emoji, b.category, b.requirement,
  b.requirement_type AS "requirementType"`;

/** The catalogue (`badges`), in its order. */
export function badgeCatalogue(manager: EntityManager): Promise<BadgeDefinition[]> {
  return manager.query<BadgeDefinition[]>(`SELECT ${DEFINITION_COLUMNS} FROM badges b ORDER BY position`);
}

/** Awards (`member_badges`): answers the ids of those not held before. */
export async function insertMemberBadges(
  manager: EntityManager,
  award: { userId: string; badgeIds: string[]; postId: string | null; at: Date },
): Promise<string[]> {
  const rows = await manager.query<{ badge_id: string }[]>(
    `INSERT INTO member_badges (user_id, badge_id, post_id, earned_at)
     SELECT $1, badge_id, $3, $4 FROM unnest($2::text[]) AS badge_id
     ON CONFLICT DO NOTHING RETURNING badge_id`,
    [award.userId, award.badgeIds, award.postId, award.at],
  );
  return rows.map((row) => row.badge_id);
}

export async function badgeIdsEarnedWith(manager: EntityManager, postId: string): Promise<string[]> {
  const rows = await manager.query<{ badge_id: string }[]>(
    `SELECT badge_id FROM member_badges WHERE post_id = $1`,
    [postId],
  );
  return rows.map((row) => row.badge_id);
}

export function earnedRows(manager: EntityManager, userId: string): Promise<EarnedRow[]> {
  return manager.query<EarnedRow[]>(
    `SELECT badge_id AS "badgeId", earned_at AS "earnedAt" FROM member_badges WHERE user_id = $1`,
    [userId],
  );
}

/** The badges earned by a member, or with a post, in the order earned. */
export function earnedBadges(
  manager: EntityManager,
  by: { userId: string } | { postId: string },
): Promise<EarnedBadgeRow[]> {
  const [condition, value] = 'userId' in by ? ['mb.user_id = $1', by.userId] : ['mb.post_id = $1', by.postId];
  return manager.query<EarnedBadgeRow[]>(
    `SELECT ${DEFINITION_COLUMNS}, mb.earned_at AS "earnedAt"
     FROM member_badges mb JOIN badges b ON b.id = mb.badge_id
     WHERE ${condition} ORDER BY mb.earned_at, b.position`,
    [value],
  );
}

/** The invite counters' rows (`invites_sent`, `invites_accepted`), idempotent by event. */
export async function insertInviteSent(
  manager: EntityManager,
  invite: { inviteCode: string; inviterId: string },
): Promise<void> {
  await manager.query(
    `INSERT INTO invites_sent (invite_code, inviter_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [invite.inviteCode, invite.inviterId],
  );
}

export async function insertInviteAccepted(
  manager: EntityManager,
  invite: { inviterId: string; inviteeId: string },
): Promise<void> {
  await manager.query(
    `INSERT INTO invites_accepted (inviter_id, invitee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [invite.inviterId, invite.inviteeId],
  );
}
