import { AllowanceBlocks, grantedOfBlock } from './allowance-blocks';

describe('AllowanceBlocks', () => {
  it('serves what is left of a kept block, then asks again', () => {
    const blocks = new AllowanceBlocks();
    expect(blocks.take('member:a')).toBe(false);
    blocks.keep('member:a', 2, 60_000);
    expect([blocks.take('member:a'), blocks.take('member:a'), blocks.take('member:a')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('lets a block go when its window closes', () => {
    let now = 0;
    const blocks = new AllowanceBlocks(10, () => now);
    blocks.keep('member:a', 5, 1_000);
    expect(blocks.take('member:a')).toBe(true);
    now = 1_000;
    expect(blocks.take('member:a')).toBe(false);
  });

  it('keeps at most its number of buckets, dropping the oldest', () => {
    const blocks = new AllowanceBlocks(2);
    blocks.keep('a', 3, 60_000);
    blocks.keep('b', 3, 60_000);
    blocks.keep('c', 3, 60_000);
    expect([blocks.take('a'), blocks.take('b'), blocks.take('c')]).toEqual([false, true, true]);
  });

  it('keeps the bucket that was last used when one must go', () => {
    const blocks = new AllowanceBlocks(2);
    blocks.keep('a', 3, 60_000);
    blocks.keep('b', 3, 60_000);
    expect(blocks.take('a')).toBe(true);
    blocks.keep('c', 3, 60_000);
    expect([blocks.take('a'), blocks.take('b'), blocks.take('c')]).toEqual([true, false, true]);
  });

  it('never holds more buckets than its bound, however many it is given', () => {
    const blocks = new AllowanceBlocks(10);
    for (let bucket = 0; bucket < 1_000; bucket++) blocks.keep(String(bucket), 1, 60_000);
    const held = Array.from({ length: 1_000 }, (_, bucket) => blocks.take(String(bucket)));
    expect(held.filter(Boolean)).toHaveLength(10);
  });
});

describe('grantedOfBlock', () => {
  it('grants a whole block below the limit, part of the one that crosses it, none past it', () => {
    expect(grantedOfBlock(10, 10, 300)).toBe(10);
    expect(grantedOfBlock(300, 10, 300)).toBe(10);
    expect(grantedOfBlock(305, 10, 300)).toBe(5);
    expect(grantedOfBlock(310, 10, 300)).toBe(0);
    expect(grantedOfBlock(400, 10, 300)).toBe(0);
  });

  it('with a block of one, is the plain count against the limit', () => {
    expect(grantedOfBlock(300, 1, 300)).toBe(1);
    expect(grantedOfBlock(301, 1, 300)).toBe(0);
  });
});
