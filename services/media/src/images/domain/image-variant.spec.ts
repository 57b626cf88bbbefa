import { ALL_VARIANTS, ORIGINAL, etagOf, ifNoneMatchHits, parseRendition, storageKey } from './image-variant';

const id = '8d1c3e9a-5b7f-4c2d-9e1a-0f6b2c4d8e10';

describe('parseRendition', () => {
  it('reads no query as the original and a format with a width as a variant', () => {
    expect(parseRendition({})).toEqual(ORIGINAL);
    expect(parseRendition({ format: 'webp', w: '640' })).toEqual({
      kind: 'variant',
      format: 'webp',
      width: 640,
    });
    expect(parseRendition({ format: 'jpeg', w: '1280' })).toEqual({
      kind: 'variant',
      format: 'jpeg',
      width: 1280,
    });
  });

  it.each([
    [{ format: 'png', w: '640' }],
    [{ format: 'webp', w: '800' }],
    [{ format: 'webp', w: '640.0' }],
    [{ format: 'webp', w: ' 640' }],
    [{ format: 'webp' }],
    [{ w: '640' }],
    [{ format: ['webp', 'jpeg'], w: '640' }],
  ])('names nothing for %j', (query) => {
    expect(parseRendition(query)).toBeNull();
  });
});

describe('storage keys and validators', () => {
  it('gives every rendition its own key and tag', () => {
    const renditions = [ORIGINAL, ...ALL_VARIANTS];
    expect(renditions).toHaveLength(7);
    expect(new Set(renditions.map((r) => storageKey(id, r, 'jpeg'))).size).toBe(7);
    expect(new Set(renditions.map((r) => etagOf(id, r))).size).toBe(7);
    expect(storageKey(id, ORIGINAL, 'png')).toBe(`images/${id}/original.png`);
    expect(storageKey(id, { kind: 'variant', format: 'jpeg', width: 320 }, 'png')).toBe(
      `images/${id}/w320.jpg`,
    );
  });

  it('matches If-None-Match the weak way, in lists and with *', () => {
    const etag = etagOf(id, ORIGINAL);
    expect(ifNoneMatchHits(etag, etag)).toBe(true);
    expect(ifNoneMatchHits(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"other"', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    expect(ifNoneMatchHits(etagOf(id, ALL_VARIANTS[0]), etag)).toBe(false);
  });
});
