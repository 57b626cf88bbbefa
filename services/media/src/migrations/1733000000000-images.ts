import { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded images and the single-use upload URLs that produce them. */
export class Images1733000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media_objects (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        content_type text NOT NULL,
        width int NOT NULL CHECK (width > 0),
        height int NOT NULL CHECK (height > 0),
        bytes int NOT NULL CHECK (bytes > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A member's images, newest first (ownership checks, e.g. a profile photo must be one's own).
    await queryRunner.query(
      `CREATE INDEX media_objects_owner_idx ON media_objects (owner_id, created_at DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE upload_intents (
        token text PRIMARY KEY,
        owner_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        object_id uuid REFERENCES media_objects (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['upload_intents', 'media_objects']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
