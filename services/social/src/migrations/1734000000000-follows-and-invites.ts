import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Follows with exact counters, invites, and the people search index.
 *
 * The counters live on `users` and change only in the transaction that inserts or deletes a follow
 * row (FollowsService), so they equal `count(*)` of `follows` at every commit.
 */
export class FollowsAndInvites1734000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN followers_count int NOT NULL DEFAULT 0 CHECK (followers_count >= 0),
        ADD COLUMN following_count int NOT NULL DEFAULT 0 CHECK (following_count >= 0)`);
    await queryRunner.query(`
      CREATE TABLE follows (
        follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        followee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followee_id),
        CHECK (follower_id <> followee_id)
      )`);
    // Both lists read newest first: who follows X, whom X follows (the primary key covers neither order).
    await queryRunner.query(
      `CREATE INDEX follows_followee_idx ON follows (followee_id, created_at DESC, follower_id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX follows_follower_idx ON follows (follower_id, created_at DESC, followee_id DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE invites (
        code text PRIMARY KEY,
        inviter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
        accepted_at timestamptz
      )`);
    // One open code per member: generating again returns it until someone accepts it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX invites_one_open_uq ON invites (inviter_id) WHERE accepted_by IS NULL`,
    );
    // pg_trgm ships with PostgreSQL (Debian's postgresql-15 includes the contrib modules) and is a
    // trusted extension. It goes into public, not this schema, so resetting the schema keeps it and
    // the database holds it once.
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    // People search: ILIKE '%q%' over the names (never the e-mail), served by this trigram index.
    // The newline keeps a match from spanning the profile name and the first name.
    await queryRunner.query(
      `CREATE INDEX users_name_search_idx ON users USING gin (
         (coalesce(profile_name, '') || E'\\n' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))
         public.gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_name_search_idx`);
    await queryRunner.query(`DROP TABLE invites`);
    await queryRunner.query(`DROP TABLE follows`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN followers_count, DROP COLUMN following_count`);
  }
}
