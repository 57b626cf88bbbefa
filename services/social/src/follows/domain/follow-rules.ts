/** Why a follow cannot happen, or null when it can. Existence of the followee is checked apart. */
export function followRefusal(followerId: string, followeeId: string): 'self' | null {
  return followerId === followeeId ? 'self' : null;
}

/**
 * The order in which to lock the two members' rows: always by id, so two opposite follows
 * (A→B and B→A at once) lock in the same order and cannot deadlock.
 */
export function lockOrder(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}
