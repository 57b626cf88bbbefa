import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who blocked and who muted whom, from social's events (ADR 0023): a notification is not written
 * when its recipient and the member who caused it are blocked either way, or the recipient muted
 * them.
 */
export class BlocksAndMutes1742100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      )`);
    // A block is a wall both ways: the writer also asks whether the recipient was blocked.
    await queryRunner.query(`CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)`);
    await queryRunner.query(`
      CREATE TABLE mutes (
        muter_id uuid NOT NULL,
        muted_id uuid NOT NULL,
        PRIMARY KEY (muter_id, muted_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mutes`);
    await queryRunner.query(`DROP TABLE blocks`);
  }
}
