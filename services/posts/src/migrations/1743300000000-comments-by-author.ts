import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's comments by author (issue 42): their account's deletion and their export read them,
 * which would otherwise scan every comment.
 */
export class CommentsByAuthor1743300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX comments_author_idx ON comments (author_id, created_at, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX comments_author_idx`);
  }
}
