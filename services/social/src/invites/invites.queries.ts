import { insertedAny, rowsChanged } from '@daybreak/database';
import type { EntityManager } from 'typeorm';

/**
 * One member's link changes run one at a time (generate, renew), so two at once cannot both replace
 * the current link; the partial unique index `invites_one_current_uq` would refuse the second anyway.
 */
export async function lockMembersInvites(manager: EntityManager, inviterId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('invites:' || $1, 0))`, [inviterId]);
}

/** The member's current link stops working: a newer one takes its place (ADR 0030). */
export async function replaceCurrentInvite(manager: EntityManager, inviterId: string): Promise<void> {
  await manager.query(
    `UPDATE invites SET replaced_at = now() WHERE inviter_id = $1 AND replaced_at IS NULL`,
    [inviterId],
  );
}

/**
 * A friend joined through this inviter (`invite_acceptances`). False when they had before, through
 * this link or an earlier one: nothing more happens then.
 */
export function insertAcceptance(
  manager: EntityManager,
  acceptance: { inviterId: string; inviteeId: string; code: string },
): Promise<boolean> {
  return insertedAny(
    manager,
    `INSERT INTO invite_acceptances (inviter_id, invitee_id, invite_code) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING invitee_id`,
    [acceptance.inviterId, acceptance.inviteeId, acceptance.code],
  );
}

/** Marks the link shared the first time; false when it was already. */
export async function markShared(manager: EntityManager, code: string): Promise<boolean> {
  const marked = await rowsChanged(
    manager,
    `UPDATE invites SET shared_at = now() WHERE code = $1 AND shared_at IS NULL`,
    [code],
  );
  return marked === 1;
}
