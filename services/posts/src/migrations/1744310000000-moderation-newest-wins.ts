import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['hidden_posts', 'hidden_comments', 'suspended_authors'] as const;
const APPLIED_AT = {
  hidden_posts: 'hidden_at',
  hidden_comments: 'hidden_at',
  suspended_authors: 'suspended_at',
};

/**
 * Moderation's read model keeps the newest decision of each post, comment and author, as blocks and
 * mutes do (ADR 0035's addendum): a row says whether the hide or suspension stands and when social
 * decided it (the event's `occurredAt`), so an older event replayed late (a dead letter, a
 * redelivery past the inbox) leaves a newer undo alone. An undo keeps its row, `standing` false.
 * Rows from before know no instant: any decision is newer than them. Old processes still running
 * during the deploy insert with the defaults (a standing decision of no known instant).
 */
export class ModerationNewestWins1744310000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await queryRunner.query(
        `ALTER TABLE ${table} DROP COLUMN ${APPLIED_AT[table]},
           ADD COLUMN standing boolean NOT NULL DEFAULT true,
           ADD COLUMN decided_at timestamptz NOT NULL DEFAULT '-infinity'`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DELETE FROM ${table} WHERE NOT standing`);
      await queryRunner.query(
        `ALTER TABLE ${table} DROP COLUMN standing, DROP COLUMN decided_at,
           ADD COLUMN ${APPLIED_AT[table]} timestamptz NOT NULL DEFAULT now()`,
      );
    }
  }
}
