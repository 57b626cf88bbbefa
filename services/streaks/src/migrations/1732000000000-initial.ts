import { MESSAGING_TABLES_SQL } from '@daybreak/messaging';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
    await queryRunner.query(`
      CREATE TABLE early_posts (
        post_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        streak_day date NOT NULL,
        classification text NOT NULL CHECK (classification IN ('5am', '6am')),
        posted_at timestamptz NOT NULL,
        timezone text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX early_posts_user_day_idx ON early_posts (user_id, streak_day)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['early_posts', 'processed_events', 'outbox'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
