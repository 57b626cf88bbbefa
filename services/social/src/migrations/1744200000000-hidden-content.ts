import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * UNHIDE (ADR 0035): social keeps which posts and comments moderators hide now, so that the
 * moderators can list them and undo a hide, and the audit log takes `unhide`.
 *
 * Every hide so far is still in force (there was no undo), so the table starts from the log's hides.
 */
export class HiddenContent1744200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE hidden_content (
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment')),
        target_id uuid NOT NULL,
        -- The post's or comment's author: the row goes with their account.
        subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        moderator_id uuid REFERENCES users (id) ON DELETE SET NULL,
        hidden_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (target_type, target_id)
      )`);
    await queryRunner.query(`CREATE INDEX hidden_content_newest_idx ON hidden_content (hidden_at DESC)`);
    await queryRunner.query(`
      INSERT INTO hidden_content (target_type, target_id, subject_id, moderator_id, hidden_at)
      SELECT DISTINCT ON (target_type, target_id) target_type, target_id, subject_id, moderator_id, created_at
      FROM moderation_log WHERE action = 'hide'
      ORDER BY target_type, target_id, created_at`);
    await queryRunner.query(`
      ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check,
        ADD CONSTRAINT moderation_log_action_check
          CHECK (action IN ('dismiss', 'hide', 'suspend', 'unsuspend', 'unhide'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM moderation_log WHERE action = 'unhide'`);
    await queryRunner.query(`
      ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check,
        ADD CONSTRAINT moderation_log_action_check
          CHECK (action IN ('dismiss', 'hide', 'suspend', 'unsuspend'))`);
    await queryRunner.query(`DROP TABLE hidden_content`);
  }
}
