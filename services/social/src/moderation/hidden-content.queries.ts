import type { HiddenContent } from '@daybreak/contracts';
import { rowsReturned } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import { MemberRow, memberOf } from '../users/user-list.queries';

/** A post or comment a moderator may hide and unhide. */
export interface HideTarget {
  targetType: 'post' | 'comment';
  targetId: string;
}

/** Notes that `target` (by `subjectId`) is hidden now; a repeat keeps the first hide. */
export async function noteHidden(
  manager: EntityManager,
  target: HideTarget,
  subjectId: string,
  moderatorId: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO hidden_content (target_type, target_id, subject_id, moderator_id)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [target.targetType, target.targetId, subjectId, moderatorId],
  );
}

/** Ends the hide of `target`; answers its author, or undefined when it was not hidden. */
export async function noteUnhidden(manager: EntityManager, target: HideTarget): Promise<string | undefined> {
  const rows = await rowsReturned<{ subject_id: string }>(
    manager,
    `DELETE FROM hidden_content WHERE target_type = $1 AND target_id = $2 RETURNING subject_id`,
    [target.targetType, target.targetId],
  );
  return rows[0]?.subject_id;
}

/** What moderators hide now, the newest hide first, with the preview kept when it was reported. */
export async function hiddenContent(
  manager: EntityManager,
  page: { limit: number; offset: number },
): Promise<HiddenContent[]> {
  const rows: (MemberRow & {
    target_type: HiddenContent['targetType'];
    target_id: string;
    hidden_at: Date;
    post_id: string | null;
    content: string | null;
    image_url: string | null;
  })[] = await manager.query(
    `SELECT h.target_type, h.target_id, h.hidden_at, c.post_id, c.content, c.image_url,
            u.id, u.first_name, u.last_name, u.profile_name, u.profile_image_url
     FROM hidden_content h
     JOIN users u ON u.id = h.subject_id
     LEFT JOIN reported_content c ON c.target_type = h.target_type AND c.target_id = h.target_id
     ORDER BY h.hidden_at DESC, h.target_id DESC LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  return rows.map((row) => ({
    targetType: row.target_type,
    targetId: row.target_id,
    author: memberOf(row),
    text: row.content,
    imageUrl: row.image_url,
    postId: row.post_id,
    hiddenAt: row.hidden_at.toISOString(),
  }));
}
