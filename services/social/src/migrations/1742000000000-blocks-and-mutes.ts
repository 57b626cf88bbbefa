import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocks and mutes (issue 42), owned by social: one row per pair, so blocking again changes nothing.
 * Other services learn of them from `user.blocked`/`user.muted` and their reverses
 * (docs/adr/0023-blocks-and-mutes-live-in-social.md).
 */
export class BlocksAndMutes1742000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      )`);
    // A follow checks both directions: "does the followee block me" reads by the blocked member.
    await queryRunner.query(`CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)`);
    // The blocker's list reads newest first.
    await queryRunner.query(
      `CREATE INDEX blocks_blocker_list_idx ON blocks (blocker_id, created_at DESC, blocked_id DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE mutes (
        muter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        muted_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (muter_id, muted_id),
        CHECK (muter_id <> muted_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX mutes_muter_list_idx ON mutes (muter_id, created_at DESC, muted_id DESC)`,
    );
    // Each member's count of block and mute changes: the `version` their events carry. Its row lock
    // orders one member's concurrent changes, so versions commit in the order they were given.
    await queryRunner.query(`
      CREATE TABLE safety_versions (
        member_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        version int NOT NULL CHECK (version > 0)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE safety_versions`);
    await queryRunner.query(`DROP TABLE mutes`);
    await queryRunner.query(`DROP TABLE blocks`);
  }
}
