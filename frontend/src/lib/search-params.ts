// Route search validators stay in the first route's bundle (the router needs them to match any
// address), so they are plain functions rather than schemas: a schema library would load with them.
// A malformed value never fails the route; it reads as absent.

/** `value` when it is one of `allowed`, else undefined. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/** A non-empty id; the router parses `?post=123` as a number, so numbers are read as text too. */
export function idParam(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The /following tabs, kept in `?tab=` (and in a profile's `?from=` to reopen the right one). */
export const FOLLOWING_TABS = ['leaderboard', 'find-people'] as const;
export type FollowingTab = (typeof FOLLOWING_TABS)[number];
