import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events carry no e-mail addresses any more (user.* events: the field is always null), so the member
 * read model drops the ones it copied: only social keeps a member's address.
 */
export class MembersWithoutEmail1737000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE members DROP COLUMN email`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE members ADD COLUMN email text`);
  }
}
