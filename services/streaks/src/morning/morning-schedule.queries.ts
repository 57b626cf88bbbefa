import type { EntityManager } from 'typeorm';

/** The morning messages streaks decides (ADR 0028). */
export type MorningKind = 'streak-nudge' | 'weekly-recap';

/** A member's next due instant for one kind, in the zone it was computed in (`morning_schedule`). */
export interface DueRow {
  userId: string;
  kind: MorningKind;
  dueAt: Date;
  zone: string;
}

/**
 * Sets each member's due instants. A member already scheduled in the same zone keeps theirs (a
 * replayed or unrelated user.updated changes nothing); a new zone replaces them.
 */
export async function scheduleDue(manager: EntityManager, rows: DueRow[]): Promise<void> {
  if (rows.length === 0) return;
  await manager.query(
    `INSERT INTO morning_schedule (user_id, kind, due_at, zone)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[])
     ON CONFLICT (user_id, kind) DO UPDATE SET due_at = excluded.due_at, zone = excluded.zone
     WHERE morning_schedule.zone IS DISTINCT FROM excluded.zone`,
    [
      rows.map((row) => row.userId),
      rows.map((row) => row.kind),
      rows.map((row) => row.dueAt),
      rows.map((row) => row.zone),
    ],
  );
}

/**
 * Claims up to `limit` rows due by `now`, oldest first, for the caller's transaction: by the due-time
 * index, skipping rows another worker holds, so workers share the due work and none is taken twice.
 */
export function claimDue(manager: EntityManager, now: Date, limit: number): Promise<DueRow[]> {
  return manager.query<DueRow[]>(
    `SELECT user_id AS "userId", kind, due_at AS "dueAt", zone FROM morning_schedule
     WHERE due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
}

/** Moves a claimed row to its next due instant (in `zone`, the member's zone now). */
export async function reschedule(manager: EntityManager, row: DueRow): Promise<void> {
  await manager.query(`UPDATE morning_schedule SET due_at = $3, zone = $4 WHERE user_id = $1 AND kind = $2`, [
    row.userId,
    row.kind,
    row.dueAt,
    row.zone,
  ]);
}
