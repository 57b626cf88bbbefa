import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Aggregates of each member's history, kept by the handlers (MemberHistory), so that the statistics
 * and badges read a row or two per request instead of every early post (issue 40): the totals in
 * `member_stats`, and the runs of consecutive streak periods in `streak_runs` (the longest one, and
 * the one a current streak is in). Filled here from the rows so far.
 */
export class MemberAggregates1738000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_stats (
        user_id uuid PRIMARY KEY,
        five_am_posts integer NOT NULL,
        six_am_posts integer NOT NULL,
        five_am_days integer NOT NULL,
        early_days integer NOT NULL,
        longest_streak integer NOT NULL,
        invites_sent integer NOT NULL,
        invites_accepted integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE streak_runs (
        user_id uuid NOT NULL,
        first_day date NOT NULL,
        last_day date NOT NULL,
        PRIMARY KEY (user_id, last_day)
      )`);
    await queryRunner.query(`
      INSERT INTO streak_runs (user_id, first_day, last_day)
      SELECT user_id, min(streak_day), max(streak_day)
      FROM (SELECT user_id, streak_day,
                   streak_day - (row_number() OVER (PARTITION BY user_id ORDER BY streak_day))::int AS island
            FROM (SELECT DISTINCT user_id, streak_day FROM early_posts) days) islands
      GROUP BY user_id, island`);
    await queryRunner.query(`
      INSERT INTO member_stats (user_id, five_am_posts, six_am_posts, five_am_days, early_days,
                                longest_streak, invites_sent, invites_accepted)
      SELECT m.user_id,
             coalesce(p.five_am_posts, 0), coalesce(p.six_am_posts, 0),
             coalesce(p.five_am_days, 0), coalesce(p.early_days, 0),
             coalesce((SELECT max(last_day - first_day + 1) FROM streak_runs r WHERE r.user_id = m.user_id), 0),
             (SELECT count(*) FROM invites_sent i WHERE i.inviter_id = m.user_id),
             (SELECT count(*) FROM invites_accepted a WHERE a.inviter_id = m.user_id)
      FROM (SELECT user_id FROM early_posts UNION SELECT inviter_id FROM invites_sent
            UNION SELECT inviter_id FROM invites_accepted) m
      LEFT JOIN (SELECT user_id,
                        count(*) FILTER (WHERE classification = '5am') AS five_am_posts,
                        count(*) FILTER (WHERE classification = '6am') AS six_am_posts,
                        count(DISTINCT local_day) FILTER (WHERE classification = '5am') AS five_am_days,
                        count(DISTINCT local_day) AS early_days
                 FROM early_posts GROUP BY user_id) p ON p.user_id = m.user_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE streak_runs`);
    await queryRunner.query(`DROP TABLE member_stats`);
  }
}
