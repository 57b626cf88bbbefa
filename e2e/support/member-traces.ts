import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@daybreak/testing';
import { Client } from 'pg';

/**
 * The one table of every service schema the scan leaves out: the outbox is the event log, not a
 * store of members' data. Its published rows (which name whoever acted) go after
 * OUTBOX_RETENTION_DAYS, as Kafka's copies go after the topics' retention (ADR 0026). Every other
 * table, including the ones added after this test was written, is scanned.
 */
const EVENT_LOG_TABLES = new Set(['outbox']);

/** Column types that can hold a member's id: the id itself, or text and JSON that may quote it. */
const SCANNED_TYPES = ['uuid', 'text', 'character varying', 'json', 'jsonb', 'ARRAY'];

interface Column {
  schema: string;
  table: string;
  column: string;
  type: string;
}

/**
 * Every row of every service schema that still names `memberId`, as `schema.table.column (n)`:
 * read from information_schema, so a table or column added later is scanned without a change here.
 * `schemas` narrows it (e.g. to the one service that was down). `databaseUrl` is the database
 * owner's, who may read every schema.
 */
export async function rowsNaming(
  databaseUrl: string,
  memberId: string,
  schemas?: readonly string[],
): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<Column>(
      `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE t.table_type = 'BASE TABLE'
         AND c.table_schema NOT IN ('pg_catalog', 'information_schema', 'public')
         AND c.table_schema NOT LIKE 'pg\\_%'
         AND c.data_type = ANY($1::text[])
         AND ($2::text[] IS NULL OR c.table_schema = ANY($2::text[]))
       ORDER BY 1, 2, 3`,
      [SCANNED_TYPES, schemas ?? null],
    );
    const found: string[] = [];
    for (const { schema, table, column, type } of columns) {
      if (EVENT_LOG_TABLES.has(table)) continue;
      const name = `"${schema}"."${table}"`;
      const where = type === 'uuid' ? `"${column}" = $1::uuid` : `strpos("${column}"::text, $1::text) > 0`;
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${name} WHERE ${where}`,
        [memberId],
      );
      if (rows[0].n > 0) found.push(`${schema}.${table}.${column} (${rows[0].n})`);
    }
    return found;
  } finally {
    await client.end();
  }
}

/** The ids of the images a member owns, as media records them (before they are gone). */
export async function imagesOf(databaseUrl: string, memberId: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM media.media_objects WHERE owner_id = $1`,
      [memberId],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** The images of `imageIds` that still have a file (original or variant) in a stack's local store. */
export function storedImages(profile: 'e2e' | 'outage', imageIds: readonly string[]): string[] {
  const store = path.join(repoRoot(), '.infra/media', profile, 'images');
  return imageIds.filter((id) => {
    const folder = path.join(store, id);
    return existsSync(folder) && readdirSync(folder).length > 0;
  });
}
