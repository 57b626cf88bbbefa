/**
 * The deepest a paged list goes by `offset` (the feed, a member's posts, followers, following): past
 * it a page is a 400. Postgres walks every row an OFFSET skips, so without a ceiling one request can
 * make it read a whole table. At 10,000 the skip costs under a millisecond more than the first page
 * (measured in docs/architecture.md, "Bounded work per request"); a person reaching it has pressed
 * "Load more posts" a thousand times.
 */
export const MAX_PAGE_OFFSET = 10_000;

/** What a page past the ceiling answers, for a person to read. */
export const PAGE_TOO_DEEP_MESSAGE = `This list can be paged only ${MAX_PAGE_OFFSET.toLocaleString('en')} items deep: you have reached the end of what it shows.`;
