import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invite links for many friends (issue 44, ADR 0030): a link lives 30 days or until its member
 * makes a new one, and each friend who joins with it is a row of `invite_acceptances`.
 *
 * Codes accepted under the single-use rule were closed by that acceptance, so they become replaced
 * links; open ones stay current, with 30 days counted from when they were made.
 */
export class MultiUseInvites1743700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE invites
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN replaced_at timestamptz,
        ADD COLUMN shared_at timestamptz`);
    await queryRunner.query(`
      UPDATE invites SET expires_at = created_at + interval '30 days',
                         replaced_at = CASE WHEN accepted_by IS NULL THEN NULL
                                            ELSE coalesce(accepted_at, created_at) END`);
    await queryRunner.query(`ALTER TABLE invites ALTER COLUMN expires_at SET NOT NULL`);
    // One friend joins through a member once, whichever of their links they used.
    await queryRunner.query(`
      CREATE TABLE invite_acceptances (
        inviter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        invitee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        invite_code text NOT NULL REFERENCES invites (code) ON DELETE CASCADE,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (inviter_id, invitee_id)
      )`);
    await queryRunner.query(`
      INSERT INTO invite_acceptances (inviter_id, invitee_id, invite_code, accepted_at)
      SELECT inviter_id, accepted_by, code, coalesce(accepted_at, created_at)
      FROM invites WHERE accepted_by IS NOT NULL
      ON CONFLICT DO NOTHING`);
    await queryRunner.query(`DROP INDEX invites_one_open_uq`);
    await queryRunner.query(`ALTER TABLE invites DROP COLUMN accepted_by, DROP COLUMN accepted_at`);
    // One current link per member; an expired one stays current until the member's next generate.
    await queryRunner.query(
      `CREATE UNIQUE INDEX invites_one_current_uq ON invites (inviter_id) WHERE replaced_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX invites_one_current_uq`);
    await queryRunner.query(`
      ALTER TABLE invites
        ADD COLUMN accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        ADD COLUMN accepted_at timestamptz`);
    // A link that many joined keeps its first acceptance: the single-use shape holds one.
    await queryRunner.query(`
      UPDATE invites i SET accepted_by = a.invitee_id, accepted_at = a.accepted_at
      FROM (SELECT DISTINCT ON (invite_code) invite_code, invitee_id, accepted_at
            FROM invite_acceptances ORDER BY invite_code, accepted_at) a
      WHERE a.invite_code = i.code`);
    await queryRunner.query(`DROP TABLE invite_acceptances`);
    // Replaced links that nobody accepted are closed too: one open code per member.
    await queryRunner.query(`DELETE FROM invites WHERE replaced_at IS NOT NULL AND accepted_by IS NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX invites_one_open_uq ON invites (inviter_id) WHERE accepted_by IS NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE invites DROP COLUMN expires_at, DROP COLUMN replaced_at, DROP COLUMN shared_at`,
    );
  }
}
