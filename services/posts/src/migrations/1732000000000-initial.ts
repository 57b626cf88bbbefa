import { MESSAGING_TABLES_SQL } from '@daybreak/messaging';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
    await queryRunner.query(`
      CREATE TABLE posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id uuid NOT NULL,
        content text NOT NULL,
        image_url text,
        timezone text NOT NULL,
        time_classification text NOT NULL CHECK (time_classification IN ('5am', '6am', 'none')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        likes_count int NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
        comments_count int NOT NULL DEFAULT 0 CHECK (comments_count >= 0)
      )`);
    // The feed reads newest first; id breaks ties so pages never overlap.
    await queryRunner.query(`CREATE INDEX posts_feed_idx ON posts (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE authors (
        user_id uuid PRIMARY KEY,
        first_name text,
        last_name text,
        profile_name text,
        profile_image_url text,
        source_updated_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['authors', 'posts', 'processed_events', 'outbox'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
