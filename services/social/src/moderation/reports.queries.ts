import { insertedAny, rowsChanged, rowsReturned } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import type { CreateReportInput } from './dto/report.dto';

/** A report target: what kind, which one. */
export interface Target {
  targetType: 'post' | 'comment' | 'user';
  targetId: string;
}

/**
 * Files `reporterId`'s report, or answers the open one they already filed on the same target (its
 * reason and details are kept: the first report counts, as a repeat tap must not rewrite it).
 */
export async function fileReport(
  manager: EntityManager,
  reporterId: string,
  subjectId: string,
  input: CreateReportInput,
): Promise<string> {
  const rows: { id: string }[] = await manager.query(
    `WITH filed AS (
       INSERT INTO reports (reporter_id, target_type, target_id, subject_id, reason, details)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (reporter_id, target_type, target_id) WHERE resolved_at IS NULL DO NOTHING
       RETURNING id)
     SELECT id FROM filed
     UNION ALL
     SELECT id FROM reports
     WHERE reporter_id = $1 AND target_type = $2 AND target_id = $3 AND resolved_at IS NULL`,
    [reporterId, input.targetType, input.targetId, subjectId, input.reason, input.details ?? null],
  );
  if (rows.length) return rows[0].id;
  // A double tap: the other request's report committed after this statement's snapshot was taken.
  const [open]: { id: string }[] = await manager.query(
    `SELECT id FROM reports
     WHERE reporter_id = $1 AND target_type = $2 AND target_id = $3 AND resolved_at IS NULL`,
    [reporterId, input.targetType, input.targetId],
  );
  return open.id;
}

/** Keeps what a reported post or comment said when first reported (the moderators' preview). */
export async function keepReportedContent(
  manager: EntityManager,
  { targetType, targetId }: Target,
  content: { postId: string; content: string; imageUrl: string | null },
): Promise<void> {
  await manager.query(
    `INSERT INTO reported_content (target_type, target_id, post_id, content, image_url)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [targetType, targetId, content.postId, content.content, content.imageUrl],
  );
}

/** The open report `reportId` (locked with its target's others), or undefined. */
export async function lockOpenReports(
  manager: EntityManager,
  reportId: string,
): Promise<{ target: Target; subjectId: string; resolved: boolean } | undefined> {
  const [report]: {
    target_type: Target['targetType'];
    target_id: string;
    subject_id: string;
    resolved: boolean;
  }[] = await manager.query(
    `SELECT target_type, target_id, subject_id, resolved_at IS NOT NULL AS resolved
       FROM reports WHERE id = $1 FOR UPDATE`,
    [reportId],
  );
  if (!report) return undefined;
  return {
    target: { targetType: report.target_type, targetId: report.target_id },
    subjectId: report.subject_id,
    resolved: report.resolved,
  };
}

/** Closes every open report on `target`; answers each one's id and reporter. */
export async function closeReports(
  manager: EntityManager,
  target: Target,
  action: string,
): Promise<{ id: string; reporter_id: string }[]> {
  return rowsReturned(
    manager,
    `UPDATE reports SET resolved_at = now(), resolution = $3
     WHERE target_type = $1 AND target_id = $2 AND resolved_at IS NULL
     RETURNING id, reporter_id`,
    [target.targetType, target.targetId, action],
  );
}

/** Notes a moderator's action in the audit log. */
export async function logAction(
  manager: EntityManager,
  entry: Target & { moderatorId: string; action: string; subjectId: string; note: string | null },
): Promise<void> {
  await manager.query(
    `INSERT INTO moderation_log (moderator_id, action, target_type, target_id, subject_id, note)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.moderatorId, entry.action, entry.targetType, entry.targetId, entry.subjectId, entry.note],
  );
}

/** Suspends `memberId`; false when they already were. */
export function suspend(manager: EntityManager, memberId: string, moderatorId: string): Promise<boolean> {
  return insertedAny(
    manager,
    `INSERT INTO suspensions (member_id, moderator_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING member_id`,
    [memberId, moderatorId],
  );
}

/** Ends `memberId`'s suspension; false when there was none. */
export async function unsuspend(manager: EntityManager, memberId: string): Promise<boolean> {
  return (await rowsChanged(manager, `DELETE FROM suspensions WHERE member_id = $1`, [memberId])) === 1;
}

export async function isSuspended(manager: EntityManager, memberId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM suspensions WHERE member_id = $1`, [memberId]);
  return rows.length > 0;
}
