import { LRUCache } from 'lru-cache';

/**
 * Copies by key, each for `ttlMs` at most, and at most `maxEntries` of them (the oldest kept goes
 * first): the storage under LocalCopies and VersionedCopies.
 *
 * Reads `peek`, so a read does not keep a copy longer: every copy lives `ttlMs`, so the one kept
 * longest ago is the nearest its end, and the one to lose. The expiry is checked here against
 * `Date.now()` rather than with lru-cache's `ttl`, whose clock (performance.now, re-read through a
 * timer) neither the callers' nor the tests' clocks drive.
 */
export class ExpiringCopies<C> {
  private readonly entries: LRUCache<string, { copy: C; expiresAt: number }>;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The copy of `key` if it has not expired and `usable` says it may be used; else it is forgotten. */
  get(key: string, usable: (copy: C) => boolean): C | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now() && usable(entry.copy)) return entry.copy;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, copy: C): void {
    this.entries.set(key, { copy, expiresAt: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
