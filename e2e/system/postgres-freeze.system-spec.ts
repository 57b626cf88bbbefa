import {
  freezeOutagePostgres,
  removeOutagePostgres,
  startOutagePostgres,
  thawOutagePostgres,
  waitFor,
} from '@daybreak/testing';
import { Client } from 'pg';
import { ApiCaller, member, postForm, refusalOf } from '../support/member-api';
import { OwnStack, startOwnStack } from '../support/own-stack';

/** How long Postgres hangs: the scenario of issue 40. */
const FREEZE_MS = 20_000;
/**
 * The stack's Postgres timeouts, shorter than production's 5 s to keep the test short: pg gives up on
 * a query a second after the statement timeout (libs/database), and waits this long for a connection.
 */
const STATEMENT_TIMEOUT_SECONDS = 2;
const CONNECT_TIMEOUT_SECONDS = 2;
/**
 * The gateway's headers timeout (DOWNSTREAM_HEADERS_TIMEOUT_SECONDS' default): no request waits on a
 * service longer. Every answer during the freeze comes within it and a few seconds of slack (a busy
 * 2-core machine): a request that hung on Postgres would take the whole freeze.
 */
const GATEWAY_HEADERS_TIMEOUT_MS = 10_000;
const NEVER_HANG_MS = GATEWAY_HEADERS_TIMEOUT_MS + 4_000;
/**
 * What a request that needs Postgres answers while it hangs (docs/operations.md), status and code:
 * the service's own 503, once pg gives up on the query or on a connection. A like may instead wait for
 * the group commit ahead of it (a batch being written, which pays the query timeout twice, for its
 * statement and its rollback) past the gateway's headers timeout: then the gateway's 504.
 */
const UNAVAILABLE = /^503 DATABASE\.(TIMEOUT|UNAVAILABLE)$/;
const UNAVAILABLE_OR_QUEUED = /^(503 DATABASE\.(TIMEOUT|UNAVAILABLE)|504 UPSTREAM\.TIMEOUT)$/;
/** Members liking the post written before the freeze: half before it, half during it. */
const LIKERS = 8;
/** Feed reads sent at once during the freeze, besides the writes. */
const CONCURRENT_READS = 120;

/**
 * A Postgres that hangs (SIGSTOP, every process of it: connections stay open, new ones are accepted
 * by the kernel and then hear nothing) for 20 s under a whole stack: every request that needs it
 * answers 503 (or the gateway's 504) within the timeouts, however many arrive at once; the processes
 * stay up; after SIGCONT the stack serves again by itself; and no write is lost or doubled, in the
 * tables or in the outbox. The stack runs on a Postgres of the test's own (scripts/infra
 * OUTAGE_POSTGRES, initdb'ed fresh), never the shared one on 55432.
 */
describe('Postgres hangs for 20 s: 503s within the timeouts, no pile-up, no write lost or doubled', () => {
  let stack: OwnStack | undefined;
  let db: Client | undefined;
  let frozen = false;

  beforeAll(async () => {
    const database = startOutagePostgres();
    stack = await startOwnStack({
      database,
      env: {
        DATABASE_STATEMENT_TIMEOUT_SECONDS: String(STATEMENT_TIMEOUT_SECONDS),
        DATABASE_CONNECT_TIMEOUT_SECONDS: String(CONNECT_TIMEOUT_SECONDS),
      },
    });
    // The stack's database (the outage profile's), as the superuser: every service's schema.
    const url = new URL(database);
    url.pathname = new URL(stack.envOf('posts').DATABASE_URL).pathname;
    db = new Client({ connectionString: url.toString() });
    await db.connect();
  }, 240_000);

  afterAll(async () => {
    if (frozen) thawOutagePostgres();
    await db?.end();
    await stack?.stopAll();
    removeOutagePostgres();
  });

  /** Calls and times one request; `what` names it in the figures. */
  const timed = async (what: string, caller: ApiCaller, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await caller.call(method, path, body);
    const { status } = response;
    const code = refusalOf(response).code;
    return { what, path, status, answer: `${status} ${code}`, ms: performance.now() - started };
  };
  const writePost = (author: ApiCaller, content: string) =>
    timed('post', author, 'POST', '/api/posts', postForm({ content, timezone: 'UTC' }));
  const like = (liker: ApiCaller, postId: string) =>
    timed('like', liker, 'POST', `/api/posts/${postId}/like`);
  const readFeed = (reader: ApiCaller) => timed('feed', reader, 'GET', '/api/posts?limit=10&offset=0');

  it('answers 503 within the timeouts while Postgres hangs, recovers after SIGCONT, loses and doubles nothing', async () => {
    const { url } = stack!;
    const ana = await member(url, 'Ana');
    const likers = await Promise.all(Array.from({ length: LIKERS }, (_, i) => member(url, `Liker${i}`)));
    const early = likers.slice(0, LIKERS / 2);
    const late = likers.slice(LIKERS / 2);
    const run = `freeze-${Date.now()}`;
    /** Ana's post, liked by `by`, each answered 2xx (so each must be there once); its id. */
    const postLikedBy = async (content: string, by: ApiCaller[]): Promise<string> => {
      const posted = await ana.post({ content });
      expect(posted.status).toBe(201);
      const id: string = posted.body.post.id;
      for (const liker of by) expect((await like(liker, id)).status).toBe(200);
      return id;
    };

    // Before: a post, liked by half the likers.
    const postId = await postLikedBy(`${run} before`, early);

    freezeOutagePostgres();
    frozen = true;
    const frozenAt = Date.now();

    // All at once: the other likers' likes, a post by each member, and many members' feed reads
    // (none of whom has read the feed yet: no copy in memory answers for Postgres).
    const answering = Promise.all([
      ...late.map((liker) => like(liker, postId)),
      ...[ana, ...likers].map((author, i) => writePost(author, `${run} during ${i}`)),
      ...Array.from({ length: CONCURRENT_READS }, (_, i) => readFeed(likers[i % LIKERS]!)),
    ]);
    // The processes stay alive meanwhile (liveness asks no dependency).
    for (const [name, serviceUrl] of Object.entries(stack!.serviceUrls)) {
      const live = await fetch(`${serviceUrl}/health/live`);
      expect({ name, status: live.status }).toEqual({ name, status: 200 });
    }
    const answers = await answering;
    const answeredWhileFrozen = Date.now() - frozenAt;
    const slowest = (what: string) =>
      Math.max(...answers.filter((answer) => answer.what === what).map(({ ms }) => ms)).toFixed(0);
    console.log(
      `Postgres frozen: ${answers.length} answers within ${answeredWhileFrozen} ms: ` +
        `${JSON.stringify(countBy(answers.map(({ what, answer }) => `${what} ${answer}`)))}; ` +
        `slowest feed ${slowest('feed')} ms, post ${slowest('post')} ms, like ${slowest('like')} ms`,
    );
    for (const { what, path, answer, ms } of answers) {
      const expected = what === 'like' ? UNAVAILABLE_OR_QUEUED : UNAVAILABLE;
      expect({ path, answer }).toEqual({ path, answer: expect.stringMatching(expected) });
      expect(ms).toBeLessThan(NEVER_HANG_MS);
    }
    // The rest of the 20 s: the freeze itself is the scenario.
    expect(answeredWhileFrozen).toBeLessThan(FREEZE_MS);
    await new Promise((resolve) => setTimeout(resolve, FREEZE_MS - answeredWhileFrozen));

    thawOutagePostgres();
    frozen = false;
    const thawedAt = Date.now();
    await waitFor(async () => (await readFeed(ana)).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 200,
      description: 'the feed to answer again after SIGCONT',
    });
    console.log(`the feed answered again ${Date.now() - thawedAt} ms after SIGCONT`);

    // After: a post, liked by every liker.
    const afterId = await postLikedBy(`${run} after`, likers);

    // Posts: the answered ones once; each refused one at most once (it may have committed unanswered):
    // each content is one request, so every content found is there exactly once.
    const { rows: posts } = await db!.query<{ content: string; id: string; likes_count: number }>(
      `SELECT content, id, likes_count FROM posts.posts WHERE content LIKE $1`,
      [`${run} %`],
    );
    const copies = countBy(posts.map(({ content }) => content));
    expect(copies[`${run} before`]).toBe(1);
    expect(copies[`${run} after`]).toBe(1);
    for (const [content, count] of Object.entries(copies))
      expect({ content, count }).toEqual({ content, count: 1 });
    const refusedPostsStored = posts.filter(({ content }) => content.startsWith(`${run} during`)).length;

    // Likes: the answered ones there, the refused ones there or not, and each counter exact.
    const likedBy = async (id: string) =>
      new Set(
        (
          await db!.query<{ user_id: string }>(`SELECT user_id FROM posts.likes WHERE post_id = $1`, [id])
        ).rows.map(({ user_id }) => user_id),
      );
    const beforeLikers = await likedBy(postId);
    for (const liker of early) expect(beforeLikers.has(liker.id)).toBe(true);
    for (const liker of likers) expect((await likedBy(afterId)).has(liker.id)).toBe(true);
    const refusedLikesStored = late.filter((liker) => beforeLikers.has(liker.id)).length;
    console.log(
      `refused writes stored after all: ${refusedPostsStored} of ${LIKERS + 1} posts, ` +
        `${refusedLikesStored} of ${late.length} likes`,
    );
    for (const { id, likes_count } of posts) {
      expect({ id, likes_count }).toEqual({ id, likes_count: (await likedBy(id)).size });
    }

    // Events: one post.created per stored post, one post.liked per like (nobody unliked), none
    // for a write that was rolled back; and the relay sends them all once Postgres is back.
    const events = async (type: string) =>
      (
        await db!.query<{ key: string }>(
          `SELECT envelope->'payload'->>'postId' || ':' || coalesce(envelope->'payload'->>'likerId', '') AS key
           FROM posts.outbox WHERE envelope->>'type' = $1`,
          [type],
        )
      ).rows.map(({ key }) => key);
    const created = countBy(await events('post.created'));
    for (const { id } of posts) expect({ id, events: created[`${id}:`] }).toEqual({ id, events: 1 });
    const liked = countBy(await events('post.liked'));
    for (const { id } of posts)
      for (const likerId of await likedBy(id))
        expect({ like: `${id}:${likerId}`, events: liked[`${id}:${likerId}`] }).toEqual({
          like: `${id}:${likerId}`,
          events: 1,
        });
    const storedLikes = (await db!.query(`SELECT 1 FROM posts.likes`)).rowCount;
    expect(Object.values(liked).reduce((sum, count) => sum + count, 0)).toBe(storedLikes);
    await waitFor(
      async () => (await db!.query(`SELECT 1 FROM posts.outbox WHERE published_at IS NULL`)).rowCount === 0,
      { timeoutMs: 15_000, intervalMs: 200, description: "posts' outbox to be sent" },
    );
  }, 120_000);
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
