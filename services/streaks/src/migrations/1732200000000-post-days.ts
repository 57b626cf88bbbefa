import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every post's day (early or not), for the activity calendar's "posted, but not early" days. */
export class PostDays1732200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE post_days (
        post_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        day date NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX post_days_user_day_idx ON post_days (user_id, day)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE post_days`);
  }
}
