/**
 * Reports and moderation (issue 42): their calls of spec §7. Features build their queries and
 * mutations on these.
 */
import type {
  CreateReportRequest,
  CreatedReport,
  HiddenContent,
  ModerationLogEntry,
  ReportGroup,
  ResolveReportRequest,
  ResolvedReports,
  SuspendedMember,
  UnhideResult,
  UnsuspendResult,
} from '@daybreak/contracts';
import { apiJson, getJson, type RequestOptions } from './api-client';

export function fileReport(report: CreateReportRequest): Promise<CreatedReport> {
  return apiJson('POST', '/api/reports', report);
}

export function fetchReportQueue(options?: RequestOptions): Promise<ReportGroup[]> {
  return getJson<ReportGroup[]>('/api/moderation/reports?status=open', options);
}

export function resolveReport(reportId: string, decision: ResolveReportRequest): Promise<ResolvedReports> {
  return apiJson('POST', `/api/moderation/reports/${encodeURIComponent(reportId)}/resolve`, decision);
}

export function unsuspendMember(userId: string): Promise<UnsuspendResult> {
  return apiJson('POST', `/api/moderation/users/${encodeURIComponent(userId)}/unsuspend`, {});
}

/** UNHIDE: everyone sees the post or comment again (unless a suspension or a block hides it). */
export function unhideContent(target: Pick<HiddenContent, 'targetType' | 'targetId'>): Promise<UnhideResult> {
  const kind = target.targetType === 'post' ? 'posts' : 'comments';
  return apiJson('POST', `/api/moderation/${kind}/${encodeURIComponent(target.targetId)}/unhide`, {});
}

export function fetchHidden(options?: RequestOptions): Promise<HiddenContent[]> {
  return getJson<HiddenContent[]>('/api/moderation/hidden?limit=100', options);
}

export function fetchSuspended(options?: RequestOptions): Promise<SuspendedMember[]> {
  return getJson<SuspendedMember[]>('/api/moderation/suspended?limit=100', options);
}

export function fetchAuditLog(options?: RequestOptions): Promise<ModerationLogEntry[]> {
  return getJson<ModerationLogEntry[]>('/api/moderation/audit?limit=50', options);
}
