import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 42: a member is told when a moderator resolved their report (type `report`). */
export class ReportNotifications1743200000002 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`);
    await queryRunner.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
       CHECK (type IN ('like', 'comment', 'follow', 'post', 'report', 'other'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notifications WHERE type = 'report'`);
    await queryRunner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_type_check`);
    await queryRunner.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
       CHECK (type IN ('like', 'comment', 'follow', 'post', 'other'))`,
    );
  }
}
