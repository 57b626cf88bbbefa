import { waitFor } from '@daybreak/testing';
import { Client } from 'pg';
import { likesAndNotifications } from '../support/like-notifications';
import { asDatabaseOwner } from '../support/stack-env';
import { Member, member } from '../support/member-api';
import { OwnStack, ServiceName, startOwnStack } from '../support/own-stack';

/** Members liking, and the author's posts each of them likes once: LIKERS × POSTS likes in all. */
const LIKERS = 20;
const POSTS = 20;
/** Likes in flight at once, as many browsers would send them. */
const CONCURRENCY = 8;
/** How long a client waits before sending a like again after a 503 (well within the like rate limit). */
const RETRY_AFTER_MS = 250;

/**
 * A rolling restart under load: during a stream of likes through the gateway, the posts service and
 * then the notifications process (its worker) get SIGTERM, exit 0 once drained, and start again.
 * A like is a toggle, so a like the service committed without its answer reaching the client would be
 * undone by the client's retry: exact counts prove that every answered request was whole, and every
 * 503 was a request the service never took.
 */
describe('rolling restart: SIGTERM drains, nothing lost or doubled', () => {
  let stack: OwnStack | undefined;
  let db: Client | undefined;

  beforeAll(async () => {
    stack = await startOwnStack();
    db = new Client({ connectionString: asDatabaseOwner(stack.envOf('posts').DATABASE_URL) });
    await db.connect();
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await stack?.stopAll();
  });

  /** Likes `postId` as `liker`, sending it again on each 503 (the service was restarting). */
  async function like(liker: Member, postId: string): Promise<number> {
    for (let retries = 0; ; retries++) {
      const { status, body } = await liker.like(postId);
      if (status === 503 && retries < 600) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        continue;
      }
      expect({ status, body }).toEqual({ status: 200, body: expect.objectContaining({ isLiked: true }) });
      return retries;
    }
  }

  /** Restarts a process the way a rollout does: SIGTERM, wait for its exit, start the new one. */
  async function restart(
    name: ServiceName,
  ): Promise<{ exitCode: number | null; stopMs: number; startMs: number }> {
    const stoppedAt = Date.now();
    const exitCode = await stack!.stop(name, 'SIGTERM');
    const startedAt = Date.now();
    await stack!.start(name);
    return { exitCode, stopMs: startedAt - stoppedAt, startMs: Date.now() - startedAt };
  }

  it('answers or retries every like while posts and the notifications worker restart; counts are exact', async () => {
    const author = await member(stack!.url, 'Avery');
    const postIds: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const { status, body } = await author.post({ content: `Dawn ${i}` });
      expect(status).toBe(201);
      postIds.push(body.post.id);
    }
    const likers: Member[] = [];
    for (let i = 0; i < LIKERS; i++) likers.push(await member(stack!.url, `Liker${i}`));

    // Every (liker, post) pair once, in an order where likes in flight together come from different
    // likers (each has a rate limit) on different posts (a like locks its post).
    const jobs = Array.from({ length: LIKERS * POSTS }, (_, i) => {
      const liker = i % LIKERS;
      const post = (liker + Math.floor(i / LIKERS)) % POSTS;
      return () => like(likers[liker]!, postIds[post]!);
    });
    let done = 0;
    let retried = 0;
    let next = 0;
    const lane = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        retried += await job();
        done += 1;
      }
    };
    const stream = Promise.all(Array.from({ length: CONCURRENCY }, lane));

    // Each restart lands mid-stream: a quarter of the likes, then half, are answered before it.
    const untilDone = (share: number) =>
      waitFor(() => done >= jobs.length * share, {
        timeoutMs: 120_000,
        intervalMs: 20,
        description: `${share * 100}% of the likes`,
      });
    await untilDone(0.25);
    const doneAtRestarts = [done];
    const posts = await restart('posts');
    await untilDone(0.5);
    doneAtRestarts.push(done);
    const notifications = await restart('notifications');
    await stream;
    const took = (r: typeof posts) =>
      `exited ${r.exitCode} after ${r.stopMs} ms, ready again in ${r.startMs} ms`;
    console.log(
      `rolling restart: posts ${took(posts)}; notifications ${took(notifications)}; ${jobs.length} likes ` +
        `(${doneAtRestarts.join(' and ')} done at the restarts), ${retried} retries after a 503`,
    );
    expect(posts.exitCode).toBe(0);
    expect(notifications.exitCode).toBe(0);
    // Both restarts came while likes were still being made.
    expect(Math.max(...doneAtRestarts)).toBeLessThan(jobs.length);

    const likes = LIKERS * POSTS;
    const { rows } = await db!.query<{ likes_count: number }>(
      'SELECT likes_count FROM posts.posts WHERE author_id = $1',
      [author.id],
    );
    expect(rows.map((row) => row.likes_count)).toEqual(Array(POSTS).fill(LIKERS));
    await waitFor(async () => (await likesAndNotifications(db!, author.id)).notifications >= likes, {
      timeoutMs: 120_000,
      intervalMs: 200,
      description: `${likes} like notifications`,
    });
    expect(await likesAndNotifications(db!, author.id)).toEqual({
      likes,
      matched: likes,
      notifications: likes,
    });
  }, 420_000);
});
