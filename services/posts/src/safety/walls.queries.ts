/**
 * SQL fragments for "is this member walled off from the viewer?", from the `blocks` and `mutes` read
 * models (safety.queries.ts keeps them; ADR 0024). Each takes SQL expressions: the viewer's id (a
 * parameter, NULL for a guest, who is walled off from no one) and the member's id (a column). Every
 * read that filters by blocks or mutes uses these, so the rules are written once.
 */

/** True while a block stands either way between the viewer and the member. */
export const blockedBetween = (viewer: string, member: string) => `(
  EXISTS (SELECT 1 FROM blocks wall
          WHERE wall.blocker_id = ${viewer} AND wall.blocked_id = ${member} AND wall.standing)
  OR EXISTS (SELECT 1 FROM blocks wall
             WHERE wall.blocker_id = ${member} AND wall.blocked_id = ${viewer} AND wall.standing))`;

/** True while the viewer mutes the member. */
const mutedBy = (viewer: string, member: string) => `EXISTS (SELECT 1 FROM mutes quiet
  WHERE quiet.muter_id = ${viewer} AND quiet.muted_id = ${member} AND quiet.standing)`;

/**
 * The member's posts and comments show on the viewer's post pages, comment lists and profile
 * posts: no block stands between them. A guest's reads skip the lookups.
 */
export const visibleTo = (viewer: string, member: string) =>
  `(${viewer} IS NULL OR NOT ${blockedBetween(viewer, member)})`;

/** The same for the viewer's feed and comment previews, which a mute also quiets. */
export const inFeedOf = (viewer: string, member: string) =>
  `(${viewer} IS NULL OR NOT (${blockedBetween(viewer, member)} OR ${mutedBy(viewer, member)}))`;

/**
 * True when the viewer is walled off from anyone at all (blocked, blocked by, or muting): their feed
 * can't be the cached one everyone shares (FeedCache).
 */
export const hasWalls = (viewer: string) => `(
  EXISTS (SELECT 1 FROM blocks wall WHERE wall.blocker_id = ${viewer} AND wall.standing)
  OR EXISTS (SELECT 1 FROM blocks wall WHERE wall.blocked_id = ${viewer} AND wall.standing)
  OR EXISTS (SELECT 1 FROM mutes quiet WHERE quiet.muter_id = ${viewer} AND quiet.standing))`;
