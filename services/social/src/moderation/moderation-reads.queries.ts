import type {
  ModerationLogEntry,
  ReportEntry,
  ReportGroup,
  ReportReason,
  SuspendedMember,
  UserSummary,
} from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';
import { MemberRow, memberOf } from '../users/user-list.queries';

const MEMBER_COLUMNS = 'u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url';
/** A member the rows name but who is gone meanwhile (deleted account). */
const unknownMember = (id: string): UserSummary => ({
  id,
  firstName: null,
  lastName: null,
  profileName: null,
  profileImageUrl: null,
});

async function membersById(manager: EntityManager, ids: string[]): Promise<Map<string, UserSummary>> {
  const rows: MemberRow[] = ids.length
    ? await manager.query(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ANY($1::uuid[])`, [
        [...new Set(ids)],
      ])
    : [];
  return new Map(rows.map((row) => [row.id, memberOf(row)]));
}

interface GroupRow {
  target_type: ReportGroup['targetType'];
  target_id: string;
  subject_id: string;
  count: number;
  first_reported_at: Date;
  reports: {
    id: string;
    reason: ReportReason;
    details: string | null;
    createdAt: string;
    reporterId: string;
  }[];
  post_id: string | null;
  content: string | null;
  image_url: string | null;
  is_suspended: boolean;
}

/** The open reports grouped by target, the most reported first, then the longest waiting. */
export async function openReportGroups(manager: EntityManager, limit: number): Promise<ReportGroup[]> {
  const rows: GroupRow[] = await manager.query(
    `SELECT g.*, c.post_id, c.content, c.image_url,
            EXISTS (SELECT 1 FROM suspensions s WHERE s.member_id = g.subject_id) AS is_suspended
     FROM (SELECT target_type, target_id, subject_id, count(*)::int AS count,
                  min(created_at) AS first_reported_at,
                  json_agg(json_build_object('id', id, 'reason', reason, 'details', details,
                    'createdAt', created_at, 'reporterId', reporter_id) ORDER BY created_at, id) AS reports
           FROM reports WHERE resolved_at IS NULL
           GROUP BY target_type, target_id, subject_id) g
     LEFT JOIN reported_content c ON c.target_type = g.target_type AND c.target_id = g.target_id
     ORDER BY g.count DESC, g.first_reported_at, g.target_id
     LIMIT $1`,
    [limit],
  );
  const members = await membersById(manager, [
    ...rows.map((row) => row.subject_id),
    ...rows.flatMap((row) => row.reports.map((report) => report.reporterId)),
  ]);
  const member = (id: string) => members.get(id) ?? unknownMember(id);
  return rows.map((row) => {
    const reasons: ReportGroup['reasons'] = {};
    for (const { reason } of row.reports) reasons[reason] = (reasons[reason] ?? 0) + 1;
    const reports: ReportEntry[] = row.reports.map(({ reporterId, createdAt, ...report }) => ({
      ...report,
      createdAt: new Date(createdAt).toISOString(),
      reporter: member(reporterId),
    }));
    return {
      reportId: reports[0].id,
      targetType: row.target_type,
      targetId: row.target_id,
      target: { ...member(row.subject_id), isSuspended: row.is_suspended },
      text: row.content,
      imageUrl: row.image_url,
      postId: row.post_id,
      count: row.count,
      reasons,
      firstReportedAt: row.first_reported_at.toISOString(),
      reports,
    };
  });
}

/** The audit log, newest first. */
export async function auditLog(
  manager: EntityManager,
  page: { limit: number; offset: number },
): Promise<ModerationLogEntry[]> {
  const rows: {
    id: string;
    action: ModerationLogEntry['action'];
    moderator_id: string | null;
    target_type: ModerationLogEntry['targetType'];
    target_id: string;
    subject_id: string;
    note: string | null;
    created_at: Date;
  }[] = await manager.query(
    `SELECT id, action, moderator_id, target_type, target_id, subject_id, note, created_at
     FROM moderation_log ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  const members = await membersById(manager, [
    ...rows.map((row) => row.subject_id),
    ...rows.flatMap((row) => (row.moderator_id ? [row.moderator_id] : [])),
  ]);
  const member = (id: string | null) => (id && members.get(id)) || unknownMember(id ?? '');
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    moderator: member(row.moderator_id),
    targetType: row.target_type,
    targetId: row.target_id,
    subject: member(row.subject_id),
    note: row.note,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The members suspended now, the newest suspension first. */
export async function suspendedMembers(
  manager: EntityManager,
  page: { limit: number; offset: number },
): Promise<SuspendedMember[]> {
  const rows: (MemberRow & { suspended_at: Date })[] = await manager.query(
    `SELECT ${MEMBER_COLUMNS}, s.suspended_at FROM suspensions s JOIN users u ON u.id = s.member_id
     ORDER BY s.suspended_at DESC, s.member_id DESC LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  return rows.map((row) => ({ ...memberOf(row), suspendedAt: row.suspended_at.toISOString() }));
}
