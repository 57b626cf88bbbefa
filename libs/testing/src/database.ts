import { Client } from 'pg';

/** Refuses to touch a database whose name does not say it is for tests: resets drop schemas. */
export function assertTestDatabase(url: string): void {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test".`);
  }
}

export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run integration tests through jest.int.config.js');
  assertTestDatabase(url);
  return url;
}

/** Drops a service's schema so its migrations run from scratch at the next boot. */
export async function dropSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Runs one query against the test database (for assertions on a service's own tables). */
export async function queryTestDatabase<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
