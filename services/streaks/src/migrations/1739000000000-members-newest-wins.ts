import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The member read model keeps the instant of the snapshot it holds, so that an older snapshot
 * arriving after a newer one (a replay) leaves it alone, as posts' and notifications' copies do
 * (`applyUserSnapshot`). Rows copied before know no instant: any snapshot is newer than them.
 */
export class MembersNewestWins1739000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE members ADD COLUMN source_updated_at timestamptz NOT NULL DEFAULT '-infinity'`,
    );
    await queryRunner.query(`ALTER TABLE members ALTER COLUMN source_updated_at DROP DEFAULT`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE members DROP COLUMN source_updated_at`);
  }
}
