import { MESSAGING_TABLES_SQL } from '@daybreak/messaging';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The schema with its messaging tables; feature tables arrive with their issues. */
export class Initial1732000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['processed_events', 'outbox']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
