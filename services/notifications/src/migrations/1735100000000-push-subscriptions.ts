import { MigrationInterface, QueryRunner } from 'typeorm';

/** Web push subscriptions: one row per browser endpoint, several per member (one per device). */
export class PushSubscriptions1735100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE push_subscriptions (
        endpoint text PRIMARY KEY,
        user_id uuid NOT NULL,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE push_subscriptions`);
  }
}
