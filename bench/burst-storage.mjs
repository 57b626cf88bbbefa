// @ts-check
// What the morning burst leaves on disk (bench/morning-burst.mjs): each schema's tables in bytes
// and rows, and each Kafka topic's log in bytes and messages.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { INFRA_DIR } from '../scripts/infra/config.mjs';

/** Where the local broker keeps its partitions' logs (scripts/infra/kafka.mjs: log.dirs). */
const KAFKA_DATA = path.join(INFRA_DIR, 'kafka', 'data');

/**
 * Every table of `schemas`: its size with indexes and TOAST (pg_total_relation_size) and its rows.
 * @param {import('pg').Client} db @param {string[]} schemas
 * @returns {Promise<Record<string, Record<string, { bytes: number, rows: number }>>>}
 */
export async function schemaSizes(db, schemas) {
  const { rows: tables } = await db.query(
    `SELECT schemaname AS schema, tablename AS name,
            pg_total_relation_size(format('%I.%I', schemaname, tablename)) AS bytes
     FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [schemas],
  );
  /** @type {Record<string, Record<string, { bytes: number, rows: number }>>} */
  const sizes = Object.fromEntries(schemas.map((schema) => [schema, {}]));
  for (const { schema, name, bytes } of tables) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
    sizes[schema][name] = { bytes: Number(bytes), rows: rows[0].n };
  }
  return sizes;
}

/**
 * Each topic of `prefix` on the local broker: the bytes of its partitions' log segments (the
 * events as stored, with Kafka's batch headers) and its messages (the partitions' end offsets).
 * @param {{ fetchTopicOffsets(topic: string): Promise<{ high: string }[]> }} admin kafkajs's admin
 * @param {string} prefix
 * @returns {Promise<Record<string, { bytes: number, messages: number }>>}
 */
export async function topicSizes(admin, prefix) {
  /** @type {Record<string, { bytes: number, messages: number }>} */
  const sizes = {};
  for (const entry of readdirSync(KAFKA_DATA)) {
    const match = /^(.+)-\d+$/.exec(entry);
    if (!match || !match[1].startsWith(prefix)) continue;
    const topic = match[1];
    const dir = path.join(KAFKA_DATA, entry);
    let bytes = 0;
    for (const file of readdirSync(dir))
      if (file.endsWith('.log')) bytes += statSync(path.join(dir, file)).size;
    sizes[topic] ??= { bytes: 0, messages: 0 };
    sizes[topic].bytes += bytes;
  }
  for (const topic of Object.keys(sizes)) {
    const offsets = await admin.fetchTopicOffsets(topic);
    sizes[topic].messages = offsets.reduce((sum, { high }) => sum + Number(high), 0);
  }
  return sizes;
}

/**
 * What a stretch of time added to each topic: bytes and messages, and bytes per message.
 * @param {Record<string, { bytes: number, messages: number }>} before
 * @param {Record<string, { bytes: number, messages: number }>} after
 */
export function topicGrowth(before, after) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([topic, { bytes, messages }]) => {
        const added = {
          bytes: bytes - (before[topic]?.bytes ?? 0),
          messages: messages - (before[topic]?.messages ?? 0),
        };
        return [topic, { ...added, bytesPerMessage: added.messages ? added.bytes / added.messages : null }];
      })
      .filter(([, added]) => typeof added === 'object' && added.messages > 0),
  );
}

/**
 * The photos the media service stores under `dir` (one folder per image: the original and its
 * renditions), so a run can tell what its own photos take on disk and remove them afterwards: a
 * fresh stack empties the database, not this folder, and each run adds about a gigabyte.
 * @param {string} dir MEDIA_STORAGE_DIR
 */
export function storedPhotos(dir) {
  const images = path.join(dir, 'images');
  const before = new Set(existsSync(images) ? readdirSync(images) : []);
  const added = () => (existsSync(images) ? readdirSync(images).filter((name) => !before.has(name)) : []);
  return {
    /** The photos stored since, and their bytes (every rendition). */
    measure() {
      const folders = added();
      let bytes = 0;
      for (const folder of folders)
        for (const file of readdirSync(path.join(images, folder)))
          bytes += statSync(path.join(images, folder, file)).size;
      return { photos: folders.length, bytes, bytesPerPhoto: folders.length ? bytes / folders.length : null };
    },
    removeAdded() {
      for (const folder of added()) rmSync(path.join(images, folder), { recursive: true, force: true });
    },
  };
}

/**
 * The database's write counters (pg_stat_database, this database only) and the server's WAL
 * position (the whole server: other databases' writes count too). `since` gives what a stretch of
 * time added: commits, rows written, WAL bytes.
 * @param {import('pg').Client} db
 */
export async function databaseActivity(db) {
  const read = async () => {
    const { rows } = await db.query(
      `SELECT xact_commit::bigint AS commits, (tup_inserted + tup_updated + tup_deleted)::bigint AS rows,
              pg_current_wal_lsn() AS lsn
       FROM pg_stat_database WHERE datname = current_database()`,
    );
    // Rows written by schema: which service's writes a cluster of its own would take away.
    const { rows: bySchema } = await db.query(
      `SELECT schemaname AS schema, sum(n_tup_ins + n_tup_upd + n_tup_del)::bigint AS rows
       FROM pg_stat_user_tables GROUP BY schemaname`,
    );
    return {
      ...rows[0],
      bySchema: Object.fromEntries(bySchema.map((row) => [row.schema, Number(row.rows)])),
    };
  };
  // The statistics reach the views when a backend reports them (at most every second).
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
  await db.query('SELECT pg_stat_clear_snapshot()');
  const before = await read();
  return {
    async since() {
      await settle();
      await db.query('SELECT pg_stat_clear_snapshot()');
      const after = await read();
      const { rows } = await db.query('SELECT pg_wal_lsn_diff($1, $2)::bigint AS bytes', [
        after.lsn,
        before.lsn,
      ]);
      return {
        commits: Number(after.commits) - Number(before.commits),
        rowsWritten: Number(after.rows) - Number(before.rows),
        rowsWrittenBySchema: Object.fromEntries(
          Object.entries(after.bySchema).map(([schema, n]) => [schema, n - (before.bySchema[schema] ?? 0)]),
        ),
        walBytes: Number(rows[0].bytes),
      };
    },
  };
}
