import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue #12: which post or profile uses an image (unused ones are purged, a deleted post's photo
 * goes with it), and each member's daily upload allowance.
 */
export class PhotoLifecycle1737000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE media_objects ADD COLUMN post_id uuid, ADD COLUMN attached_at timestamptz`,
    );
    // Images stored before this was tracked may be in use: never purge them.
    await queryRunner.query(`UPDATE media_objects SET attached_at = created_at`);
    await queryRunner.query(
      `CREATE INDEX media_objects_post_idx ON media_objects (post_id) WHERE post_id IS NOT NULL`,
    );
    // The purge's scan: never-attached images, oldest first.
    await queryRunner.query(
      `CREATE INDEX media_objects_unattached_idx ON media_objects (created_at) WHERE attached_at IS NULL`,
    );
    // A purged image must not be held by the upload link that produced it.
    await queryRunner.query(`
      ALTER TABLE upload_intents
        DROP CONSTRAINT upload_intents_object_id_fkey,
        ADD CONSTRAINT upload_intents_object_id_fkey
          FOREIGN KEY (object_id) REFERENCES media_objects (id) ON DELETE SET NULL`);
    await queryRunner.query(
      `CREATE INDEX upload_intents_unused_idx ON upload_intents (created_at) WHERE used_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE profile_photos (
        user_id uuid PRIMARY KEY,
        object_id uuid,
        source_updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX profile_photos_object_idx ON profile_photos (object_id)`);
    await queryRunner.query(`
      CREATE TABLE upload_quota_usage (
        owner_id uuid NOT NULL,
        day date NOT NULL,
        uploads int NOT NULL,
        bytes bigint NOT NULL,
        PRIMARY KEY (owner_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE upload_quota_usage`);
    await queryRunner.query(`DROP TABLE profile_photos`);
    await queryRunner.query(`DROP INDEX upload_intents_unused_idx`);
    await queryRunner.query(`
      ALTER TABLE upload_intents
        DROP CONSTRAINT upload_intents_object_id_fkey,
        ADD CONSTRAINT upload_intents_object_id_fkey FOREIGN KEY (object_id) REFERENCES media_objects (id)`);
    await queryRunner.query(`ALTER TABLE media_objects DROP COLUMN post_id, DROP COLUMN attached_at`);
  }
}
