/** Every moderator decision and its undo share one budget: a moderator works through a queue. */
export const MODERATION_DECISIONS = { name: 'moderate', limit: 120, windowSeconds: 60 };
