import type { EntityManager } from 'typeorm';

/**
 * A new open invite (`invites`, whose entity is Invite), unless the inviter has one already: the
 * partial unique index on open invites lets one of two concurrent inserts win. Answers the new code,
 * or null when the inviter had an open one.
 */
export async function insertOpenInvite(
  manager: EntityManager,
  invite: { code: string; inviterId: string },
): Promise<string | null> {
  const inserted: { code: string }[] = await manager.query(
    `INSERT INTO invites (code, inviter_id) VALUES ($1, $2)
     ON CONFLICT (inviter_id) WHERE accepted_by IS NULL DO NOTHING RETURNING code`,
    [invite.code, invite.inviterId],
  );
  return inserted[0]?.code ?? null;
}
