// @ts-check
// A backlog for `npm run bench:notifications`: BENCH_BACKLOG post.liked events, each by a new liker
// of one of 100 authors' posts, published at once → all of them notified: how fast one worker
// catches up, and its CPU per event (what a 5 AM burst or a worker back from an outage costs).
import { randomUUID } from 'node:crypto';
import { cpuMeter } from './cpu.mjs';
import { envelope } from './events.mjs';
import { pollUntil } from './push-throughput.mjs';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const BACKLOG_AUTHORS = 100;

/**
 * BACKLOG likes published at once → every one notified, with one worker.
 * @param {any} progress @param {any} stack @param {any} producer @param {import('pg').Client} db
 */
export async function backlog(progress, stack, producer, db) {
  return progress.run(`backlog of ${BACKLOG.toLocaleString('en')} likes, 1 worker`, async (update) => {
    const authors = Array.from({ length: BACKLOG_AUTHORS }, () => randomUUID());
    const posts = authors.map(() => randomUUID());
    const events = Array.from({ length: BACKLOG }, (_, i) =>
      envelope(
        'post.liked',
        {
          postId: posts[i % BACKLOG_AUTHORS],
          postAuthorId: authors[i % BACKLOG_AUTHORS],
          likerId: randomUUID(),
        },
        randomUUID(),
      ),
    );
    const notified = async () =>
      (
        await db.query(
          'SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = ANY($1::uuid[])',
          [authors],
        )
      ).rows[0].n;
    const meter = cpuMeter({ notifications: [stack.pid('notifications')].filter(Boolean) });
    const started = performance.now();
    update('publishing');
    await producer.send('post.liked', events, 'postId');
    update('waiting for the worker');
    await pollUntil('the backlog notified', async () => {
      const n = await notified();
      update(`${n.toLocaleString('en')}/${BACKLOG.toLocaleString('en')}`);
      return n >= BACKLOG;
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = meter.stop();
    const result = {
      events: BACKLOG,
      seconds,
      perSecond: BACKLOG / seconds,
      cpuMsPerEvent: ((cpu.notifications ?? 0) * seconds * 1000) / BACKLOG,
    };
    return {
      result,
      summary: `${result.perSecond.toFixed(0)} events/s, ${result.cpuMsPerEvent.toFixed(2)} ms of CPU each`,
    };
  });
}
