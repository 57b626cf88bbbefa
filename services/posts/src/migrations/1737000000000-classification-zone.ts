import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0009: a post is classified in its author's stored zone. The authors read model keeps that
 * zone, and a post records the zone its client sent beside the one it was classified in.
 */
export class ClassificationZone1737000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE authors ADD COLUMN timezone text`);
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN sent_timezone text`);
    // Posts made before the rule were classified in the zone they were sent with.
    await queryRunner.query(`UPDATE posts SET sent_timezone = timezone`);
    await queryRunner.query(`ALTER TABLE posts ALTER COLUMN sent_timezone SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN sent_timezone`);
    await queryRunner.query(`ALTER TABLE authors DROP COLUMN timezone`);
  }
}
