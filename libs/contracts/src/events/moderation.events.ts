import { z } from 'zod';

/**
 * Moderation (issue 42): social decides (reports, the moderator role, hides, suspensions, the audit
 * log); these tell the services that hold the content (docs/adr/0025-moderation-lives-in-social.md).
 */

/**
 * Whether a moderator's decision hides the post or comment (`true`, everyone but its author stops
 * seeing it) or undoes that (`false`, UNHIDE). The undo is the same event, on the same topic and key,
 * so it can never overtake the hide it undoes (ADR 0035). Events from before UNHIDE have no field:
 * they hid.
 */
const hidden = z.boolean().default(true);

/** A moderator hid a post, or unhid it. */
export const postHiddenV1 = z.object({ postId: z.uuid(), authorId: z.uuid(), moderatorId: z.uuid(), hidden });

/** A moderator hid a comment, or unhid it. */
export const commentHiddenV1 = z.object({
  commentId: z.uuid(),
  authorId: z.uuid(),
  moderatorId: z.uuid(),
  hidden,
});

/** A member was suspended (`user.suspended`) or the suspension ended (`user.unsuspended`). */
export const userSuspendedV1 = z.object({ userId: z.uuid(), moderatorId: z.uuid() });
export const userUnsuspendedV1 = userSuspendedV1;

export const reportTargetTypes = ['post', 'comment', 'user'] as const;
export const reportActions = ['dismiss', 'hide', 'suspend'] as const;

/** A member's report was resolved: they are told it was looked at (never who decided). */
export const reportResolvedV1 = z.object({
  reportId: z.uuid(),
  reporterId: z.uuid(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.uuid(),
  action: z.enum(reportActions),
});
