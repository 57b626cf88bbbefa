import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';

/**
 * Replicas of a service that start at once would each find the same migrations pending and run
 * them together: the loser of a CREATE fails its boot, and a migration that only changes data runs
 * twice. So a replica first takes a Postgres advisory lock named after its schema, on a connection
 * of its own; the others wait on it, and once they get it they find nothing left to run.
 */
const MIGRATION_LOCK = `SELECT pg_advisory_lock(hashtext($1))`;

/** The lock's name: one per schema, so different services migrate side by side. */
export function migrationLockName(schema: string): string {
  return `${schema}.migrations`;
}

/**
 * Runs `work` while holding the schema's migration lock. The lock belongs to the session, so ending
 * the connection releases it however `work` ends (and a replica that dies mid-migration releases it
 * with its connection).
 */
export async function withMigrationLock<T>(
  url: string,
  schema: string,
  work: () => Promise<T>,
  connectTimeoutMs?: number,
): Promise<T> {
  // Only the connect timeout: waiting for the lock may rightly take as long as another replica's
  // migrations, but a Postgres that never answers must fail the boot, not hang it.
  const client = new Client({
    connectionString: url,
    application_name: `${schema}-migrations`,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  await client.connect();
  try {
    await client.query(MIGRATION_LOCK, [migrationLockName(schema)]);
    return await work();
  } finally {
    await client.end();
  }
}

/**
 * A service's DataSource, connected and with its pending migrations run under the migration lock
 * (`prepare` runs under it first, e.g. to create the schema). TypeORM's own `migrationsRun` would
 * run them without one, so `options` must not set it.
 */
export async function initializeMigrated(
  url: string,
  schema: string,
  options: DataSourceOptions,
  prepare: () => Promise<void> = async () => undefined,
  connectTimeoutMs?: number,
): Promise<DataSource> {
  const dataSource = new DataSource({ ...options, migrationsRun: false });
  await withMigrationLock(
    url,
    schema,
    async () => {
      await prepare();
      await dataSource.initialize();
      try {
        await dataSource.runMigrations();
      } catch (error) {
        await dataSource.destroy();
        throw error;
      }
    },
    connectTimeoutMs,
  );
  return dataSource;
}
