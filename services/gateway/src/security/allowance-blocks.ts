import { LRUCache } from 'lru-cache';

/**
 * What is left of the blocks of a rule's allowance that this process took from Redis, per bucket.
 *
 * Reads are most of the gateway's requests, and a Redis round trip for each one's count cost the
 * cached feed page about a third of its rate (ADR 0019). So a rule with `countedInBlocksOf` takes
 * its allowance from Redis a block at a time (INCRBY the block) and serves the rest of the block
 * here, without Redis. In one process the Nth request is refused exactly when N passes the limit;
 * with several processes, reads a process reserved but did not make count for the member too, so
 * a member may be refused up to (block - 1) reads early per process, never late.
 */
export class AllowanceBlocks {
  private readonly blocks: LRUCache<string, { left: number; until: number }>;

  constructor(
    /** Buckets kept at most; past it the least recently used goes (its reads cost a round trip again). */
    maxBuckets = 50_000,
    private readonly now: () => number = Date.now,
  ) {
    this.blocks = new LRUCache({ max: maxBuckets });
  }

  /** Takes one request from the bucket's block: false when this process holds none of it. */
  take(bucket: string): boolean {
    const block = this.blocks.get(bucket);
    if (!block) return false;
    if (block.left <= 0 || block.until <= this.now()) {
      this.blocks.delete(bucket);
      return false;
    }
    block.left -= 1;
    return true;
  }

  /** Keeps `left` requests of a block Redis granted, until its window closes `msLeft` from now. */
  keep(bucket: string, left: number, msLeft: number): void {
    this.blocks.delete(bucket);
    if (left <= 0 || msLeft <= 0) return;
    this.blocks.set(bucket, { left, until: this.now() + msLeft });
  }
}

/**
 * Of a block of `block` requests that brought the bucket's count to `count`, how many are within
 * `limit` (the first of them is the request that asked for the block).
 */
export function grantedOfBlock(count: number, block: number, limit: number): number {
  return Math.max(0, Math.min(block, limit - (count - block)));
}
