import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who blocked and who muted whom, from social's events (ADR 0024): the feed, post pages, comments
 * and profile posts leave out what a signed-in viewer is walled off from. A pair's row keeps the
 * version of the event that set it (`standing` false once lifted), so an older event replayed late
 * (a dead letter) never undoes a newer one; `safety_versions` is the newest version applied of each
 * member, which the gateway waits for after a change (reading one's own change at once).
 */
export class BlocksAndMutes1743100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        standing boolean NOT NULL,
        version integer NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      )`);
    // A block is a wall both ways: a viewer's reads also ask who blocked them.
    await queryRunner.query(`CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)`);
    await queryRunner.query(`
      CREATE TABLE mutes (
        muter_id uuid NOT NULL,
        muted_id uuid NOT NULL,
        standing boolean NOT NULL,
        version integer NOT NULL,
        PRIMARY KEY (muter_id, muted_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE safety_versions (
        member_id uuid PRIMARY KEY,
        version integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE safety_versions`);
    await queryRunner.query(`DROP TABLE mutes`);
    await queryRunner.query(`DROP TABLE blocks`);
  }
}
