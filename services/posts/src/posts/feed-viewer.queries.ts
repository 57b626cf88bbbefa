import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import { hasWalls } from '../safety/walls.queries';

/** What a member's cached page needs of them: their likes on it, and whether anyone is walled off. */
export interface ViewerOnPage {
  liked: Set<string>;
  walled: boolean;
}

/**
 * One round trip per viewer and cached page (FeedCache keeps the answer with the page's copy): which
 * of the page's posts `$1` liked (`likes`, whose entity is Like), and whether they blocked, were
 * blocked by, or muted anyone (then their page is built for them, ADR 0024).
 */
const VIEWER_ON_PAGE: NamedStatement = {
  name: 'posts_viewer_on_page',
  text: `SELECT ARRAY(SELECT post_id FROM likes WHERE user_id = $1 AND post_id = ANY($2::uuid[]))::text[] AS liked,
                ${hasWalls('$1::uuid')} AS walled`,
};

export async function viewerOnPage(
  manager: EntityManager,
  viewerId: string,
  postIds: string[],
): Promise<ViewerOnPage> {
  const [row] = await queryNamed<{ liked: string[]; walled: boolean }>(manager, VIEWER_ON_PAGE, [
    viewerId,
    postIds,
  ]);
  return { liked: new Set(row.liked), walled: row.walled };
}
