import { MigrationInterface, QueryRunner } from 'typeorm';
import { streakIslands } from '../streaks/domain/streak-islands';
import { recomputeMemberStats, replaceStreakRuns, streakDaysOf } from '../streaks/member-history.queries';

/**
 * Streak freezes (ADR 0028): each island of `streak_runs` keeps its streak's state on arrival (streak
 * days before it, freezes held on arrival, freezes used right after it), so the current streak, the freezes
 * held and the frozen periods come from a row or two, as before. Islands are unchanged; their state
 * and each member's longest streak (freezes can join islands) are recomputed here from the rows.
 */
export class StreakFreezes1743500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE streak_runs
        ADD COLUMN days_before integer NOT NULL DEFAULT 0,
        ADD COLUMN held_before integer NOT NULL DEFAULT 0,
        ADD COLUMN frozen_after integer NOT NULL DEFAULT 0`);
    const members = await queryRunner.query(`SELECT DISTINCT user_id AS "userId" FROM early_posts`);
    for (const { userId } of members as { userId: string }[]) {
      const islands = streakIslands(await streakDaysOf(queryRunner.manager, userId));
      await replaceStreakRuns(queryRunner.manager, userId, islands);
      await recomputeMemberStats(queryRunner.manager, userId);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE streak_runs DROP COLUMN days_before, DROP COLUMN held_before, DROP COLUMN frozen_after`);
  }
}
