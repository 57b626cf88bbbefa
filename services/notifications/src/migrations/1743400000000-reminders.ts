import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The morning engine's settings and schedule (issue 43, ADR 0027): one row per member who chose,
 * with the instant their next wake-up reminder is due, and the zone each member's mornings follow.
 */
export class Reminders1743400000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // A member without a row has the defaults (reminder off, nudge and recap on).
    await queryRunner.query(`
      CREATE TABLE reminder_schedules (
        user_id uuid PRIMARY KEY,
        enabled boolean NOT NULL,
        minute_of_day smallint NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
        days smallint[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 7 AND days <@ '{1,2,3,4,5,6,7}'),
        streak_nudge boolean NOT NULL,
        weekly_recap boolean NOT NULL,
        time_zone text,
        next_due_at timestamptz,
        last_sent_on date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The scheduler's only read: the due rows, oldest first. Off (or zone unknown) is not in it.
    await queryRunner.query(
      `CREATE INDEX reminder_schedules_due ON reminder_schedules (next_due_at) WHERE next_due_at IS NOT NULL`,
    );
    // The member's stored zone (social's user events), else the zone of their latest post.
    await queryRunner.query(`
      CREATE TABLE member_zones (
        user_id uuid PRIMARY KEY,
        stored_zone text,
        stored_at timestamptz,
        post_zone text,
        post_at timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE member_zones`);
    await queryRunner.query(`DROP TABLE reminder_schedules`);
  }
}
