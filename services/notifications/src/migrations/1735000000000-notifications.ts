import { MigrationInterface, QueryRunner } from 'typeorm';

/** Notifications, and the read models they are written from (members, follows, post images). */
export class Notifications1735000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE members (
        user_id uuid PRIMARY KEY,
        first_name text,
        last_name text,
        profile_name text,
        profile_image_url text,
        source_updated_at timestamptz NOT NULL
      )`);
    // Keyed by followee first: the post fan-out reads one author's followers in id order.
    await queryRunner.query(`
      CREATE TABLE follows (
        followee_id uuid NOT NULL,
        follower_id uuid NOT NULL,
        PRIMARY KEY (followee_id, follower_id)
      )`);
    await queryRunner.query(`CREATE TABLE posts (post_id uuid PRIMARY KEY, image_url text)`);
    await queryRunner.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        type text NOT NULL CHECK (type IN ('like', 'comment', 'follow', 'post', 'other')),
        message text NOT NULL,
        from_user_id uuid,
        post_id uuid,
        dedupe_key text NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One notification per cause and recipient: like, unlike and like again notify once.
    await queryRunner.query(`CREATE UNIQUE INDEX notifications_once ON notifications (user_id, dedupe_key)`);
    await queryRunner.query(
      `CREATE INDEX notifications_newest ON notifications (user_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX notifications_unread ON notifications (user_id) WHERE NOT is_read`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['notifications', 'posts', 'follows', 'members'])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
