import { MigrationInterface, QueryRunner } from 'typeorm';

/** The read-only role Grafana's Product dashboard connects as (deploy/grafana), where it exists. */
export const ANALYTICS_READER_ROLE = 'daybreak_analytics_reader';

/**
 * Product analytics' daily aggregates (ADR 0033), kept by the analytics handlers: Grafana's Product
 * dashboard reads these tables and views, and nothing else of streaks. Counts are by UTC day, except
 * the posts' local hour. The member-day set exists only to count each member once a day (erased with
 * the member); the funnel keeps one row per member (erased too).
 */
export class ProductAnalytics1744100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE analytics_active_members (
        day date NOT NULL,
        user_id uuid NOT NULL,
        PRIMARY KEY (day, user_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX analytics_active_members_user ON analytics_active_members (user_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE analytics_daily_active (
        day date PRIMARY KEY,
        members integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_daily_posts (
        day date NOT NULL,
        local_hour smallint NOT NULL CHECK (local_hour BETWEEN 0 AND 23),
        classification text NOT NULL CHECK (classification IN ('5am', '6am', 'none')),
        posts integer NOT NULL,
        PRIMARY KEY (day, local_hour, classification)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_daily_events (
        day date NOT NULL,
        name text NOT NULL,
        audience text NOT NULL CHECK (audience IN ('member', 'guest')),
        events integer NOT NULL,
        PRIMARY KEY (day, name, audience)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_member_journeys (
        user_id uuid PRIMARY KEY,
        signed_up_on date,
        first_post_on date,
        first_week_streak_on date
      )`);
    // Streaks alive today: runs of early mornings that ended yesterday or today (UTC), by length.
    await queryRunner.query(`
      CREATE VIEW analytics_streak_lengths AS
      SELECT last_day - first_day + 1 AS streak_days, count(*)::int AS members
      FROM (SELECT DISTINCT ON (user_id) user_id, first_day, last_day
            FROM streak_runs ORDER BY user_id, last_day DESC) latest
      WHERE last_day >= current_date - 1
      GROUP BY 1`);
    await queryRunner.query(`
      DO $$ BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${ANALYTICS_READER_ROLE}') THEN
          EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${ANALYTICS_READER_ROLE}', current_schema());
          GRANT SELECT ON analytics_daily_active, analytics_daily_posts, analytics_daily_events,
                          analytics_member_journeys, analytics_streak_lengths TO ${ANALYTICS_READER_ROLE};
        END IF;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW analytics_streak_lengths`);
    for (const table of [
      'analytics_member_journeys',
      'analytics_daily_events',
      'analytics_daily_posts',
      'analytics_daily_active',
      'analytics_active_members',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
