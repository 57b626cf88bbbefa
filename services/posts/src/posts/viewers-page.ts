import type { Post as PostDto } from '@daybreak/contracts';
import type { EntityManager } from 'typeorm';
import { CachedPage, mergeLikes } from './cached-page';
import { viewerOnPage } from './feed-viewer.queries';
import type { JsonText } from './post-json.queries';

/**
 * A member's answer from a cached page: the guest's page with `isLiked` true on the posts they
 * liked; for a viewer walled off from anyone (a block either way, or a mute), their own page from
 * Postgres instead (`load`), filtered before its window as every page of theirs is, so their pages
 * neither repeat nor skip posts. Both are known from one small query (ADR 0024): a viewer with no
 * walls, nearly everyone, pays nothing more than their likes cost before.
 */
export async function viewersPage(
  manager: EntityManager,
  page: CachedPage,
  viewerId: string,
  load: (viewerId: string | null) => Promise<JsonText<PostDto[]>>,
): Promise<string> {
  if (page.ids.length === 0) return page.json;
  const { liked, walled } = await viewerOnPage(manager, viewerId, page.ids);
  return walled ? load(viewerId) : mergeLikes(page, liked);
}
