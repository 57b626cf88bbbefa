import type { Post as PostDto } from '@daybreak/contracts';
import type { JsonBytes } from './post-json.queries';

/** How a post's JSON says whether the viewer liked it; a guest's page has it once per post. */
const NOT_LIKED = '"isLiked":false';

/**
 * A cached page: the guest's JSON text and its posts' ids, in order (newline-separated ahead of it),
 * and the generation it was built at.
 */
export interface CachedPage {
  ids: string[];
  json: string;
  /** The changes committed before it was built (the feed's generation), if Redis said. */
  version?: number;
  /**
   * On a copy in this process' memory: the page as each viewer who read it sees it (their likes
   * merged in), as the bytes of the answer, so that reading it again costs neither the merge nor the
   * UTF-8 encoding (what that saves: ADR 0020). Dropped with the copy, by the same change that
   * would change them (a like is a change the pages show).
   */
  answers?: Map<string, JsonBytes<PostDto[]>>;
}

/** The page as it is kept in Redis: its posts' ids, a newline, and the guest's JSON. */
export function storedPage(page: CachedPage): string {
  return `${page.ids.join(',')}\n${page.json}`;
}

/** A page kept in Redis (`storedPage`), of the generation `version`. */
export function pageFromStore(value: string, version: number): CachedPage {
  const newline = value.indexOf('\n');
  const ids = value.slice(0, newline);
  return { ids: ids ? ids.split(',') : [], json: value.slice(newline + 1), version };
}

/** The guest's page with `isLiked` true on the posts among `liked`. */
export function mergeLikes(page: CachedPage, liked: Set<string>): string {
  if (liked.size === 0) return page.json;
  // One NOT_LIKED per post, in page order: string values can't contain it (their quotes are escaped).
  const parts = page.json.split(NOT_LIKED);
  let json = parts[0];
  for (let index = 1; index < parts.length; index++)
    json += `"isLiked":${liked.has(page.ids[index - 1])}${parts[index]}`;
  return json;
}
