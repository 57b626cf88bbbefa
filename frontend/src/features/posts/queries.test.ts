import { FEED_PAGE_SIZE, MAX_PAGE_OFFSET } from '@daybreak/contracts';
import { describe, expect, it } from 'vitest';
import { fakePost } from '@/test/fakes';
import { nextFeedOffset } from './queries';

const page = (size: number) => Array.from({ length: size }, () => fakePost());

describe('nextFeedOffset', () => {
  it('asks for the next 10 while pages come back full', () => {
    const first = page(FEED_PAGE_SIZE);
    expect(nextFeedOffset(first, [first])).toBe(10);
    const second = page(FEED_PAGE_SIZE);
    expect(nextFeedOffset(second, [first, second])).toBe(20);
  });

  it('stops after a page that is not full', () => {
    const first = page(FEED_PAGE_SIZE);
    const last = page(3);
    expect(nextFeedOffset(last, [first, last])).toBeUndefined();
    expect(nextFeedOffset([], [[]])).toBeUndefined();
  });

  it('stops at the deepest offset the API pages to', () => {
    const full = page(FEED_PAGE_SIZE);
    const pagesTo = (offset: number) => Array.from({ length: offset / FEED_PAGE_SIZE }, () => full);
    expect(nextFeedOffset(full, pagesTo(MAX_PAGE_OFFSET))).toBe(MAX_PAGE_OFFSET);
    expect(nextFeedOffset(full, pagesTo(MAX_PAGE_OFFSET + FEED_PAGE_SIZE))).toBeUndefined();
  });
});
