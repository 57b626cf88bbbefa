import type { Transaction } from '@daybreak/messaging';

declare const feedWrite: unique symbol;

/**
 * A transaction whose commit drops the cached feed pages: only `FeedCache.write` and
 * `FeedCache.writeIn` hand one out. Whatever in posts writes what a feed page shows takes a
 * `FeedWrite`, not a plain `Transaction`, so a change can't reach those tables without the drop.
 */
export type FeedWrite = Transaction & { readonly [feedWrite]: true };
