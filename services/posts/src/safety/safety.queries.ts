import type { EntityManager } from 'typeorm';
import type { FeedWrite } from '../posts/feed-write';
import { blockedBetween } from './walls.queries';

/**
 * The `blocks`, `mutes` and `safety_versions` read models, from social's events (ADR 0024). Their
 * writes take a FeedWrite: a feed page shows what they hide, so a change drops the cached pages.
 */

/** A block or a mute, set or lifted, by the member who made it, with the event's version. */
export interface PairChange {
  kind: 'block' | 'mute';
  memberId: string;
  otherId: string;
  standing: boolean;
  version: number;
}

const TABLES = {
  block: { table: 'blocks', member: 'blocker_id', other: 'blocked_id' },
  mute: { table: 'mutes', member: 'muter_id', other: 'muted_id' },
} as const;

/** Sets the pair as the event says, unless the pair already holds a newer event's state. */
export async function applyPairChange({ manager }: FeedWrite, change: PairChange): Promise<void> {
  const { table, member, other } = TABLES[change.kind];
  await manager.query(
    `INSERT INTO ${table} (${member}, ${other}, standing, version) VALUES ($1, $2, $3, $4)
     ON CONFLICT (${member}, ${other}) DO UPDATE SET standing = EXCLUDED.standing, version = EXCLUDED.version
     WHERE ${table}.version < EXCLUDED.version`,
    [change.memberId, change.otherId, change.standing, change.version],
  );
}

/** Records that the member's changes up to `version` are applied (never moving back). */
export async function noteAppliedVersion(
  { manager }: FeedWrite,
  memberId: string,
  version: number,
): Promise<void> {
  await manager.query(
    `INSERT INTO safety_versions (member_id, version) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET version = GREATEST(safety_versions.version, EXCLUDED.version)`,
    [memberId, version],
  );
}

/** The newest of the member's changes applied here (0 before any). */
export async function appliedVersion(manager: EntityManager, memberId: string): Promise<number> {
  const [row]: { version: number }[] = await manager.query(
    `SELECT version FROM safety_versions WHERE member_id = $1`,
    [memberId],
  );
  return row?.version ?? 0;
}

/** Which of the (member, other) pairs a block stands between, either way, as `member:other` keys. */
export async function blockedPairs(
  manager: EntityManager,
  pairs: { memberId: string; otherId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows: { member_id: string; other_id: string }[] = await manager.query(
    `SELECT pair.member_id, pair.other_id
     FROM unnest($1::uuid[], $2::uuid[]) AS pair (member_id, other_id)
     WHERE ${blockedBetween('pair.member_id', 'pair.other_id')}`,
    [pairs.map((pair) => pair.memberId), pairs.map((pair) => pair.otherId)],
  );
  return new Set(rows.map((row) => `${row.member_id}:${row.other_id}`));
}

/** Whether a block stands between the two members, either way. */
export async function blockStandsBetween(
  manager: EntityManager,
  memberId: string,
  otherId: string,
): Promise<boolean> {
  return (await blockedPairs(manager, [{ memberId, otherId }])).size > 0;
}
