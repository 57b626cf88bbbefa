/**
 * Copies by key, each for `ttlMs` at most, and at most `maxEntries` of them (the oldest goes first):
 * the storage under LocalCopies and VersionedCopies.
 */
export class ExpiringCopies<C> {
  private readonly entries = new Map<string, { copy: C; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The copy of `key` if it has not expired and `usable` says it may be used; else it is forgotten. */
  get(key: string, usable: (copy: C) => boolean): C | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now() && usable(entry.copy)) return entry.copy;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, copy: C): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key))
      this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { copy, expiresAt: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
