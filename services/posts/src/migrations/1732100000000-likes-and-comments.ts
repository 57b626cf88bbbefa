import { MigrationInterface, QueryRunner } from 'typeorm';

export class LikesAndComments1732100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE likes (
        post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, user_id)
      )`);
    // "Which of these posts has the viewer liked?" for a feed page.
    await queryRunner.query(`CREATE INDEX likes_user_idx ON likes (user_id, post_id)`);
    await queryRunner.query(`
      CREATE TABLE comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        author_id uuid NOT NULL,
        content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A post's comments oldest first, and the first three of each post on a feed page.
    await queryRunner.query(`CREATE INDEX comments_post_idx ON comments (post_id, created_at, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE comments`);
    await queryRunner.query(`DROP TABLE likes`);
  }
}
