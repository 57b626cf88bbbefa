import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The unread count of each member in Postgres, versioned, changed in the same transaction as the
 * notifications it counts. Redis serves it (`unread:{userId}`) and accepts only newer versions, so
 * concurrent changes, rebuilds and crashes between commit and Redis can't leave a wrong count there.
 * Also: a post's deletion is remembered, so a late like of it notifies nobody.
 */
export class UnreadCounters1735200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE unread_counters (
        user_id uuid PRIMARY KEY,
        unread integer NOT NULL CHECK (unread >= 0),
        version bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The resync after a restart reads the counters changed in the last minutes.
    await queryRunner.query(`CREATE INDEX unread_counters_recent ON unread_counters (updated_at)`);
    await queryRunner.query(`
      INSERT INTO unread_counters (user_id, unread, version)
      SELECT user_id, count(*) FILTER (WHERE NOT is_read), 1 FROM notifications GROUP BY user_id`);
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX notifications_post ON notifications (post_id) WHERE post_id IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX notifications_post`);
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN deleted`);
    await queryRunner.query(`DROP TABLE unread_counters`);
  }
}
