import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_TIMEZONE } from '../members/members.service';
import { followMemberZone } from '../morning/morning-schedule';

/**
 * The morning messages' schedule (ADR 0028): each member's next due instant per kind (streak nudge,
 * weekly recap) in their zone, found by the due-time index. Every member known so far is scheduled
 * from now on, so none is due at once.
 */
export class MorningSchedule1743510000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE morning_schedule (
        user_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('streak-nudge', 'weekly-recap')),
        due_at timestamptz NOT NULL,
        zone text NOT NULL,
        PRIMARY KEY (user_id, kind)
      )`);
    await queryRunner.query(`CREATE INDEX morning_schedule_due ON morning_schedule (due_at)`);
    const members: { userId: string; zone: string | null }[] = await queryRunner.query(
      `SELECT user_id AS "userId", timezone AS zone FROM members`,
    );
    for (const { userId, zone } of members) {
      await followMemberZone(queryRunner.manager, userId, zone ?? DEFAULT_TIMEZONE);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE morning_schedule`);
  }
}
