/**
 * What moderation hides (issue 42, ADR 0025) as SQL fragments for the statements that show posts and
 * comments: a post or comment a moderator hid, or whose author is suspended, is seen by its author
 * alone (marked `isHidden`). `viewer` is a parameter such as `$1::uuid`: null for a guest, who then
 * sees none of it. Each check is a primary-key lookup on a table that stays small; a row whose
 * decision was undone (`standing` false) stays, so that an older decision replayed late loses to it.
 */

/** Whether the post of alias `p` is hidden (by a moderator, or its author's suspension). */
export const postHidden = (p: string) =>
  `(EXISTS (SELECT 1 FROM hidden_posts hp WHERE hp.post_id = ${p}.id AND hp.standing)
    OR EXISTS (SELECT 1 FROM suspended_authors sp WHERE sp.author_id = ${p}.author_id AND sp.standing))`;

/** Whether the comment of alias `c` is hidden (by a moderator, or its author's suspension). */
export const commentHidden = (c: string) =>
  `(EXISTS (SELECT 1 FROM hidden_comments hc WHERE hc.comment_id = ${c}.id AND hc.standing)
    OR EXISTS (SELECT 1 FROM suspended_authors sc WHERE sc.author_id = ${c}.author_id AND sc.standing))`;

/** The post of alias `p` is shown to `viewer`: it is theirs, or not hidden. */
export const postVisibleTo = (p: string, viewer: string) =>
  `(${p}.author_id IS NOT DISTINCT FROM ${viewer} OR NOT ${postHidden(p)})`;

/** The comment of alias `c` is shown to `viewer`: it is theirs, or not hidden. */
export const commentVisibleTo = (c: string, viewer: string) =>
  `(${c}.author_id IS NOT DISTINCT FROM ${viewer} OR NOT ${commentHidden(c)})`;
