import type { UserSummary } from './user';

/** What a report is about, and why (issue 42). */
export type ReportTargetType = 'post' | 'comment' | 'user';
export type ReportReason = 'spam' | 'harassment' | 'hate' | 'violence' | 'nudity' | 'other';
export const REPORT_REASONS: readonly ReportReason[] = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'nudity',
  'other',
];
export const REPORT_DETAILS_MAX = 500;

/** `POST /api/reports`. */
export interface CreateReportRequest {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details?: string;
}

/** `POST /api/reports`: the report (the same one when the member reported this target before). */
export interface CreatedReport {
  id: string;
}

/** What a moderator decides: leave it, hide the post or comment, or suspend its author. */
export type ModerationAction = 'dismiss' | 'hide' | 'suspend';

/** One member's report within a group. */
export interface ReportEntry {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: string;
  reporter: UserSummary;
}

/**
 * `GET /api/moderation/reports?status=open`: the open reports grouped by what they are about, the
 * most reported first. `reportId` resolves the whole group.
 */
export interface ReportGroup {
  reportId: string;
  targetType: ReportTargetType;
  targetId: string;
  /** The member who wrote the post or comment, or the reported member. */
  target: UserSummary & { isSuspended: boolean };
  /** The post's or comment's text as it was when first reported; null for a member. */
  text: string | null;
  /** The post's photo, if any. */
  imageUrl: string | null;
  /** The post a comment belongs to (for a link); the post itself for a post. */
  postId: string | null;
  count: number;
  reasons: Partial<Record<ReportReason, number>>;
  firstReportedAt: string;
  reports: ReportEntry[];
}

/** `POST /api/moderation/reports/{id}/resolve`. */
export interface ResolveReportRequest {
  action: ModerationAction;
  note?: string;
}

/** `POST /api/moderation/reports/{id}/resolve`: how many reports the decision closed. */
export interface ResolvedReports {
  resolved: number;
  /** The member a `suspend` suspended (their sessions end at once). */
  suspendedUserId: string | null;
}

/** `POST /api/moderation/users/{id}/unsuspend`. */
export interface UnsuspendResult {
  isSuspended: false;
}

/** `POST /api/moderation/posts/{id}/unhide` and `…/comments/{id}/unhide`. */
export interface UnhideResult {
  isHidden: false;
}

/**
 * `GET /api/moderation/hidden`: a post or comment a moderator hid, newest first, with what it said
 * when it was reported (null when it was hidden without a report's preview).
 */
export interface HiddenContent {
  targetType: 'post' | 'comment';
  targetId: string;
  author: UserSummary;
  text: string | null;
  imageUrl: string | null;
  /** The post (a comment's post, for a link). */
  postId: string | null;
  hiddenAt: string;
}

/** One line of the audit log, newest first (`GET /api/moderation/audit`). */
export interface ModerationLogEntry {
  id: string;
  action: ModerationAction | 'unsuspend' | 'unhide';
  moderator: UserSummary;
  targetType: ReportTargetType;
  targetId: string;
  /** The member the action concerned (the author, or the member). */
  subject: UserSummary;
  note: string | null;
  createdAt: string;
}

/** `GET /api/moderation/suspended`: the members suspended now, newest first. */
export interface SuspendedMember extends UserSummary {
  suspendedAt: string;
}

/** The 403 a suspended member's writes get, and the UI's banner. */
export const SUSPENDED_MESSAGE =
  'Your account is suspended: you can read, but not post, like, comment or follow.';
