import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and moderation (issue 42), owned by social: members' reports, what was reported as it was
 * then, suspensions and the moderators' audit log. Posts and comments live in posts: a hide reaches
 * them as `post.hidden`/`comment.hidden` (docs/adr/0025-moderation-lives-in-social.md).
 */
export class Moderation1743200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'user')),
        target_id uuid NOT NULL,
        -- The member the report is about: the post's or comment's author, or the member.
        subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'hate', 'violence', 'nudity', 'other')),
        details text CHECK (char_length(details) <= 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolution text CHECK (resolution IN ('dismiss', 'hide', 'suspend'))
      )`);
    // A member's repeat report of a target while it is open is the same report.
    await queryRunner.query(
      `CREATE UNIQUE INDEX reports_open_by_reporter_idx ON reports (reporter_id, target_type, target_id)
       WHERE resolved_at IS NULL`,
    );
    // The moderators' queue: the open reports of one target together.
    await queryRunner.query(
      `CREATE INDEX reports_open_idx ON reports (target_type, target_id) WHERE resolved_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX reports_subject_idx ON reports (subject_id)`);
    // What a post or comment said when it was first reported: the moderators' preview.
    await queryRunner.query(`
      CREATE TABLE reported_content (
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment')),
        target_id uuid NOT NULL,
        post_id uuid NOT NULL,
        content text NOT NULL,
        image_url text,
        PRIMARY KEY (target_type, target_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE suspensions (
        member_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        moderator_id uuid REFERENCES users (id) ON DELETE SET NULL,
        suspended_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE moderation_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        moderator_id uuid REFERENCES users (id) ON DELETE SET NULL,
        action text NOT NULL CHECK (action IN ('dismiss', 'hide', 'suspend', 'unsuspend')),
        target_type text NOT NULL CHECK (target_type IN ('post', 'comment', 'user')),
        target_id uuid NOT NULL,
        subject_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        note text CHECK (char_length(note) <= 500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX moderation_log_newest_idx ON moderation_log (created_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE moderation_log`);
    await queryRunner.query(`DROP TABLE suspensions`);
    await queryRunner.query(`DROP TABLE reported_content`);
    await queryRunner.query(`DROP TABLE reports`);
  }
}
