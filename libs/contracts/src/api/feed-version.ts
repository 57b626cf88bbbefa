/**
 * How the posts service says which version of its feed an answer was built from, so that another
 * service may keep a copy of the answer (the gateway does, with @daybreak/redis' VersionedCopies).
 * Posts counts the changes it commits under FEED_VERSION_KEY in Redis and publishes each new count
 * on FEED_VERSION_CHANNEL; an answer built from a cached page carries the page's count in
 * FEED_VERSION_HEADER. An answer without the header is not to be kept.
 */
export const FEED_VERSION_HEADER = 'x-feed-version';
export const FEED_VERSION_KEY = 'posts:feed-generation';
export const FEED_VERSION_CHANNEL = 'posts:feed-version';
