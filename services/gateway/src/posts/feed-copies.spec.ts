import { EventEmitter } from 'node:events';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyEtag from '@fastify/etag';
import Fastify from 'fastify';
import type Redis from 'ioredis';
import { FeedCopies, FeedPageCopy } from './feed-copies';

/** A Redis that is there, at feed version 3, with a subscriber that hears what the test says. */
function fakeRedis() {
  const subscriber = Object.assign(new EventEmitter(), {
    subscribe: jest.fn(() => Promise.resolve(1)),
    quit: jest.fn(() => Promise.resolve('OK')),
  });
  const redis = {
    status: 'ready',
    options: {},
    duplicate: () => subscriber,
    get: () => Promise.resolve('3'),
  };
  return {
    redis: redis as unknown as Redis,
    hear: (version: number) => subscriber.emit('message', '', `${version}`),
  };
}

const ANA = '0f8fad5b-d9cb-469f-a165-70867728950e';
const BEN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const pageJson = (size = 2_000) => Buffer.from(JSON.stringify([{ content: 'x'.repeat(size) }]));

describe('FeedCopies', () => {
  async function started() {
    const { redis, hear } = fakeRedis();
    const copies = new FeedCopies(redis);
    await copies.onApplicationBootstrap();
    const read = jest.fn((version?: number) => Promise.resolve({ bytes: pageJson(), version }));
    return { copies, hear, read };
  }

  it("answers a viewer's page again from its copy, and another viewer's from posts", async () => {
    const { copies, read } = await started();
    const first = await copies.page(ANA, { limit: '10', offset: '0' }, () => read(3));
    expect(first).toBeInstanceOf(FeedPageCopy);
    expect(await copies.page(ANA, { limit: '10', offset: '0' }, () => read(3))).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);

    await copies.page(BEN, { limit: '10', offset: '0' }, () => read(3));
    await copies.page(null, { limit: '10', offset: '0' }, () => read(3));
    await copies.page(ANA, { limit: '10', offset: '10' }, () => read(3));
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('asks posts again once a newer version is heard of', async () => {
    const { copies, hear, read } = await started();
    await copies.page(ANA, {}, () => read(3));
    hear(4);
    await copies.page(ANA, {}, () => read(4));
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps no answer posts gave no version, nor one for parameters of another form', async () => {
    const { copies, read } = await started();
    const unversioned = await copies.page(ANA, { limit: '10' }, () => read(undefined));
    expect(Buffer.isBuffer(unversioned)).toBe(true);
    await copies.page(ANA, { limit: '10' }, () => read(undefined));
    for (const odd of [{ limit: '10 ' }, { offset: '-1' }, { limit: ['10', '20'] as unknown as string }]) {
      await copies.page(ANA, odd, () => read(3));
      await copies.page(ANA, odd, () => read(3));
    }
    expect(read).toHaveBeenCalledTimes(8);
  });
});

describe('FeedPageCopy', () => {
  it('sends brotli to a browser that takes it, else gzip, else the JSON, compressing once', () => {
    const json = pageJson();
    const copy = new FeedPageCopy(json);
    const browser = copy.body('gzip, deflate, br, zstd');
    expect(browser.encoding).toBe('br');
    expect(brotliDecompressSync(browser.bytes)).toEqual(json);
    expect(copy.body('br;q=1, gzip').bytes).toBe(browser.bytes);

    const gzipOnly = copy.body('gzip');
    expect(gzipOnly.encoding).toBe('gzip');
    expect(gunzipSync(gzipOnly.bytes)).toEqual(json);
    expect(copy.body('br;q=0, gzip').encoding).toBe('gzip');

    for (const plain of [undefined, '', 'identity', 'deflate'])
      expect(copy.body(plain)).toEqual({ bytes: json, encoding: undefined });
  });

  it('sends a small page as it is, as the API does any answer under 1 KB', () => {
    const small = Buffer.from('[]');
    expect(new FeedPageCopy(small).body('br')).toEqual({ bytes: small, encoding: undefined });
  });

  it('has the ETag @fastify/etag gives the same bytes, so a copy and a fresh answer agree', async () => {
    const json = pageJson();
    const app = Fastify();
    await app.register(fastifyEtag, { weak: true });
    app.get('/', () => json);
    try {
      const response = await fetch(await app.listen({ host: '127.0.0.1', port: 0 }));
      expect(new FeedPageCopy(json).etag).toBe(response.headers.get('etag'));
    } finally {
      await app.close();
    }
  });
});
