import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What moderators hid (issue 42): posts and comments, and the authors suspended, as social's
 * `post.hidden`, `comment.hidden` and `user.suspended`/`user.unsuspended` say. Kept beside the
 * content, not on its rows, so the statements that show it ask with one lookup each
 * (src/moderation/visibility.sql.ts; docs/adr/0025-moderation-lives-in-social.md).
 */
export class Moderation1743200000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE hidden_posts (
        post_id uuid PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
        hidden_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE hidden_comments (
        comment_id uuid PRIMARY KEY REFERENCES comments (id) ON DELETE CASCADE,
        hidden_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE suspended_authors (
        author_id uuid PRIMARY KEY,
        suspended_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE suspended_authors`);
    await queryRunner.query(`DROP TABLE hidden_comments`);
    await queryRunner.query(`DROP TABLE hidden_posts`);
  }
}
