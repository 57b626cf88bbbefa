import { createHash } from 'node:crypto';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { waitFor } from '@daybreak/testing';
import { member, type Member } from '../support/member-api';
import { scrape, valueOf } from '../support/metrics';
import { stackEnv } from '../support/stack-env';

/**
 * The gateway keeps copies of the feed pages posts answered (services/gateway/src/posts/feed-copies.ts)
 * and answers a repeated read from them; whatever posts commits makes the next read go to posts
 * again, for the member who made the change and for everyone else.
 */
/** A GET whose answer comes as sent: headers, and the body's bytes undecoded. */
function rawGet(url: URL, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('the feed through the gateway: answered from its copies, never behind a change', () => {
  const { baseUrl } = stackEnv();
  // Other files' tests post at the same time: a page of 50 keeps this test's post on it.
  const FEED = '/api/posts?limit=50&offset=0';

  const feedOf = async (caller: Member) => {
    const { status, body } = await caller.feed({ limit: 50, offset: 0 });
    expect(status).toBe(200);
    return body;
  };
  const postIn = async (caller: Member, id: string) => (await feedOf(caller)).find((post) => post.id === id);
  const copiesUsed = async () =>
    valueOf((await scrape(baseUrl)).samples, 'gateway_feed_copy_reads_total', { result: 'used' }) ?? 0;

  async function setup() {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Ben')]);
    const created = await ana.post({ content: 'Copied' });
    expect(created.status).toBe(201);
    return { ana, ben, postId: created.body.post.id as string };
  }

  it("answers a member's repeated read from its copy, with an ETag (304 on revalidation), compressed", async () => {
    const { ana, ben } = await setup();
    // A page over the 1 KB under which answers are sent uncompressed, on a stack with no other posts.
    const long = await ana.post({ content: 'Up '.repeat(500) });
    expect(long.status).toBe(201);
    // A change elsewhere between two reads makes the second go to posts: read until one is a copy's.
    const first = await feedOf(ben);
    await waitFor(
      async () => {
        const used = await copiesUsed();
        const again = await feedOf(ben);
        return (await copiesUsed()) > used && again;
      },
      { description: 'a read answered from the copy' },
    );
    expect((await feedOf(ben)).length).toBe(first.length);

    const response = await fetch(new URL(FEED, baseUrl), { headers: { cookie: ben.cookie } });
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await fetch(new URL(FEED, baseUrl), {
      headers: { cookie: ben.cookie, 'if-none-match': etag! },
    });
    expect(revalidated.status).toBe(304);

    // Compressed for a browser that takes brotli; decoded, the page its ETag names. (Node's fetch
    // would choose the encodings itself and decode the answer.)
    const compressed = await rawGet(new URL(FEED, baseUrl), {
      cookie: ben.cookie,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    const decoded = brotliDecompressSync(compressed.body);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(expect.any(Array));
    expect(`W/"${createHash('sha1').update(decoded).digest('base64')}"`).toBe(compressed.headers.etag);
  });

  it('shows a like, a comment and a deletion at the very next read, to the member and to others', async () => {
    const { ana, ben, postId } = await setup();
    // Both have a copy of the page.
    for (const reader of [ana, ben, ana, ben])
      expect(await postIn(reader, postId)).toMatchObject({ likesCount: 0, isLiked: false });

    expect((await ben.like(postId)).status).toBe(200);
    expect(await postIn(ben, postId)).toMatchObject({ likesCount: 1, isLiked: true });
    expect(await postIn(ana, postId)).toMatchObject({ likesCount: 1, isLiked: false });

    expect((await ben.comment(postId, 'Bravo')).status).toBe(201);
    expect(await postIn(ana, postId)).toMatchObject({ commentsCount: 1 });

    expect((await ana.deletePost(postId)).status).toBe(204);
    expect(await postIn(ben, postId)).toBeUndefined();
    expect(await postIn(ana, postId)).toBeUndefined();
  });

  it("keeps one member's copy from another: each reads their own likes", async () => {
    const { ana, ben, postId } = await setup();
    expect((await ben.like(postId)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect(await postIn(ben, postId)).toMatchObject({ isLiked: true });
      expect(await postIn(ana, postId)).toMatchObject({ isLiked: false });
    }
  });
});
