import { REPORT_DETAILS_MAX, REPORT_REASONS, reportActions, reportTargetTypes } from '@daybreak/contracts';
import { z } from 'zod';

/** Blank details are none; past REPORT_DETAILS_MAX characters, a 400 the dialog shows. */
const optionalText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .transform((value) => value.trim())
    .pipe(z.string().max(REPORT_DETAILS_MAX, `${label} can be at most ${REPORT_DETAILS_MAX} characters.`))
    .transform((value) => value || null)
    .optional();

/**
 * What the gateway found of a reported post or comment, as the reporter could see it (ADR 0025):
 * social keeps it as the moderators' preview.
 */
const reportedContentSchema = z.object({
  authorId: z.uuid(),
  postId: z.uuid(),
  content: z.string().max(5000),
  imageUrl: z.string().max(500).nullable(),
});

export const createReportSchema = z
  .object({
    targetType: z.enum(reportTargetTypes, { error: 'targetType must be post, comment or user.' }),
    targetId: z.uuid({ error: 'targetId must be an id.' }),
    reason: z.enum(REPORT_REASONS as [string, ...string[]], {
      error: 'reason must be spam, harassment, hate, violence, nudity or other.',
    }),
    details: optionalText('Details'),
    content: reportedContentSchema.optional(),
  })
  .refine((report) => report.targetType === 'user' || report.content !== undefined, {
    message: 'A reported post or comment comes with its content.',
  });

export type CreateReportInput = z.infer<typeof createReportSchema>;

export const resolveReportSchema = z.object({
  action: z.enum(reportActions, { error: 'action must be dismiss, hide or suspend.' }),
  note: optionalText('Note'),
});

export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** The body of an undo (UNSUSPEND, UNHIDE): an optional note for the audit log. */
export const undoSchema = z
  .object({ note: optionalText('Note') })
  .optional()
  .default({});
