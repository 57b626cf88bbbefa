import { FEED_PAGE_SIZE } from '@daybreak/contracts';
import { describe, expect, it } from 'vitest';
import { fakePost } from '@/test/fakes';
import { buildPostForm, nextFeedOffset } from './queries';

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
});

describe('buildPostForm', () => {
  it('carries content, the device timezone and the optional image', () => {
    const image = new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' });

    const form = buildPostForm({ content: 'Up early', image }, 'Europe/Paris');

    expect(form.get('content')).toBe('Up early');
    expect(form.get('timezone')).toBe('Europe/Paris');
    expect(form.get('image')).toBeInstanceOf(File);
  });

  it('leaves the image out when there is none', () => {
    expect(buildPostForm({ content: 'Up early' }, 'UTC').has('image')).toBe(false);
  });
});
