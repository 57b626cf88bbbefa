import { MigrationInterface, QueryRunner } from 'typeorm';
import { INITIAL_BADGE_CATALOGUE } from './badge-catalogue';

/**
 * Badges (catalogue and awards), the member and follow read models, invite counters, tombstones of
 * deleted posts, and each early post's local date (the leaderboard's day).
 */
export class BadgesMembersFollows1732300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE early_posts ADD COLUMN local_day date`);
    await queryRunner.query(`UPDATE early_posts SET local_day = (posted_at AT TIME ZONE timezone)::date`);
    await queryRunner.query(`ALTER TABLE early_posts ALTER COLUMN local_day SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX early_posts_user_local_day_idx ON early_posts (user_id, local_day)`,
    );
    await queryRunner.query(
      `CREATE INDEX early_posts_user_posted_idx ON early_posts (user_id, posted_at DESC)`,
    );

    // A post.deleted may be processed before its post.created (different topics): the tombstone
    // makes the late create a no-op.
    await queryRunner.query(`
      CREATE TABLE post_tombstones (
        post_id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE badges (
        id text PRIMARY KEY,
        position integer NOT NULL UNIQUE,
        name text NOT NULL,
        description text NOT NULL,
        emoji text NOT NULL,
        category text NOT NULL CHECK (category IN ('milestone', 'streak', 'social', 'other')),
        requirement integer NOT NULL CHECK (requirement > 0),
        requirement_type text NOT NULL CHECK (requirement_type IN
          ('5am_posts', '6am_posts', '5am_days', '6am_days', 'streak', 'invites_sent', 'successful_invites'))
      )`);
    for (const [position, badge] of INITIAL_BADGE_CATALOGUE.entries()) {
      await queryRunner.query(
        `INSERT INTO badges (id, position, name, description, emoji, category, requirement, requirement_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          badge.id,
          position,
          badge.name,
          badge.description,
          badge.emoji,
          badge.category,
          badge.requirement,
          badge.requirementType,
        ],
      );
    }
    await queryRunner.query(`
      CREATE TABLE member_badges (
        user_id uuid NOT NULL,
        badge_id text NOT NULL REFERENCES badges (id),
        post_id uuid,
        earned_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, badge_id)
      )`);
    await queryRunner.query(`CREATE INDEX member_badges_post_idx ON member_badges (post_id)`);

    await queryRunner.query(`
      CREATE TABLE members (
        user_id uuid PRIMARY KEY,
        email text,
        first_name text,
        last_name text,
        profile_name text,
        profile_image_url text,
        timezone text
      )`);
    await queryRunner.query(`
      CREATE TABLE follows (
        follower_id uuid NOT NULL,
        followee_id uuid NOT NULL,
        PRIMARY KEY (follower_id, followee_id)
      )`);

    await queryRunner.query(`
      CREATE TABLE invites_sent (
        invite_code text PRIMARY KEY,
        inviter_id uuid NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX invites_sent_inviter_idx ON invites_sent (inviter_id)`);
    await queryRunner.query(`
      CREATE TABLE invites_accepted (
        inviter_id uuid NOT NULL,
        invitee_id uuid NOT NULL,
        PRIMARY KEY (inviter_id, invitee_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'invites_accepted',
      'invites_sent',
      'follows',
      'members',
      'member_badges',
      'badges',
      'post_tombstones',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
    await queryRunner.query(`DROP INDEX early_posts_user_posted_idx`);
    await queryRunner.query(`DROP INDEX early_posts_user_local_day_idx`);
    await queryRunner.query(`ALTER TABLE early_posts DROP COLUMN local_day`);
  }
}
