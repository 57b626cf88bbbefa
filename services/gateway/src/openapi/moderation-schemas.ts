import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type CreatedReport,
  type HiddenContent,
  type ModerationLogEntry,
  type ReportGroup,
  type ReportReason,
  type ResolvedReports,
  type SuspendedMember,
  type UnhideResult,
  type UnsuspendResult,
} from '@daybreak/contracts';
import { z } from 'zod';
import { userSummary } from './common-schemas';

/** Reports and moderation as `/api/docs.json` describes them, each checked against its contract type. */

const reason = z.enum(REPORT_REASONS as [ReportReason, ...ReportReason[]]);
const targetType = z.enum(['post', 'comment', 'user']);
const note = z.string().max(REPORT_DETAILS_MAX).optional();

/** The body of `POST /api/reports`: checked here too, since its target decides which service is asked. */
export const reportRequest = z.object({
  targetType,
  targetId: z.uuid(),
  reason,
  details: z.string().max(REPORT_DETAILS_MAX).optional(),
});

export const createdReport = z.object({ id: z.string() }) satisfies z.ZodType<CreatedReport>;

export const resolveRequest = z.object({ action: z.enum(['dismiss', 'hide', 'suspend']), note });
/** The body of an undo (UNSUSPEND, UNHIDE): an optional note for the audit log. */
export const undoRequest = z.object({ note });

export const resolvedReports = z.object({
  resolved: z.int(),
  suspendedUserId: z.string().nullable(),
}) satisfies z.ZodType<ResolvedReports>;

export const unsuspendResult = z.object({
  isSuspended: z.literal(false),
}) satisfies z.ZodType<UnsuspendResult>;

export const unhideResult = z.object({ isHidden: z.literal(false) }) satisfies z.ZodType<UnhideResult>;

export const hiddenContent = z.object({
  targetType: z.enum(['post', 'comment']),
  targetId: z.string(),
  author: userSummary,
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  postId: z.string().nullable(),
  hiddenAt: z.string(),
}) satisfies z.ZodType<HiddenContent>;

export const reportGroup = z.object({
  reportId: z.string(),
  targetType,
  targetId: z.string(),
  target: userSummary.extend({ isSuspended: z.boolean() }),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  postId: z.string().nullable(),
  count: z.int(),
  reasons: z.partialRecord(reason, z.int()),
  firstReportedAt: z.string(),
  reports: z.array(
    z.object({
      id: z.string(),
      reason,
      details: z.string().nullable(),
      createdAt: z.string(),
      reporter: userSummary,
    }),
  ),
}) satisfies z.ZodType<ReportGroup>;

export const logEntry = z.object({
  id: z.string(),
  action: z.enum(['dismiss', 'hide', 'suspend', 'unsuspend', 'unhide']),
  moderator: userSummary,
  targetType,
  targetId: z.string(),
  subject: userSummary,
  note: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ModerationLogEntry>;

export const suspendedMember = userSummary.extend({
  suspendedAt: z.string(),
}) satisfies z.ZodType<SuspendedMember>;
