import { MESSAGING_TABLES_SQL } from '@daybreak/messaging';
import { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1732000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const sql of MESSAGING_TABLES_SQL) await queryRunner.query(sql);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        identity_issuer text NOT NULL,
        identity_subject text NOT NULL,
        email text,
        first_name text,
        last_name text,
        profile_name varchar(50),
        profile_image_url text,
        bio varchar(200),
        timezone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX users_identity_uq ON users (identity_issuer, identity_subject)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE users`);
    await queryRunner.query(`DROP TABLE processed_events`);
    await queryRunner.query(`DROP TABLE outbox`);
  }
}
