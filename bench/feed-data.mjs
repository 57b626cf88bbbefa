// @ts-check
// Posts for the feed benchmark, written with SQL straight into the posts service's schema: a million
// posts through the service would take an hour, generate_series takes a minute. Post number n (0 is
// the newest, then one every 37 seconds back in time) is the same row whatever the total, so adding
// older posts leaves the first pages as they were: the 1,000-post and 1,000,000-post runs read the
// same page from a bigger table.
//
// Every id derives from a number (md5 of a label), so likes and comments find their post and their
// members without a join. What a post carries (counters kept equal to the rows):
// - the newest RICH posts: 3–14 likes from the AUTHORS members, the viewer's like on every other one,
//   and 3–5 comments, so a feed page shows real previews and a real isLiked;
// - older posts: 0–2 likes and a comment on one in ten, as old posts have.
// The newest post is an hour old, so no like or comment is dated in the future.
// No events are published: the other services never hear of these posts (the feed does not need them to).

import { createHash } from 'node:crypto';

const AUTHORS = 1000;
const RICH = 1000;
const STEP_SECONDS = 37;
/** Rows per INSERT, so the progress line moves and no statement holds a huge transaction. */
const CHUNK = 100_000;

const FIRST_NAMES = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'June', 'Kai', 'Lea'];
const LAST_NAMES = ['Dawn', 'Sunrise', 'Lark', 'Morning', 'Early', 'Bright', 'Aube', 'Rise', 'Day'];
const UPDATES = [
  'Up at 5, coffee, ten pages of my book before anyone else woke.',
  'Ran 6 km along the river while the city was still quiet.',
  'Journaled for twenty minutes. The plan for today fits on one card.',
  'Stretching, cold shower, and the first light over the roofs.',
  'Slept through the alarm, up at 6:10. Still counts as a morning.',
  'Sketched the sunrise from the balcony. Pink, then gold, then gone.',
];
const REPLIES = ['Great start!', 'Same here, see you tomorrow at 5.', 'Love this.', 'How do you do it?'];

/** SQL for a text array literal of `values`, as a parameter-free expression. */
const textArray = (/** @type {string[]} */ values) =>
  `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/**
 * SQL for the uuid of a label (an SQL text expression): its md5 with the version 4 and variant bits
 * set, since the services' validation (zod) takes only RFC 9562 uuids. `uuidOf` below is the same in JS.
 */
const sqlUuid = (/** @type {string} */ label) =>
  `overlay(overlay(md5(${label}) placing '4' from 13) placing '8' from 17)::uuid`;
/** The uuid of member number `expr` (an SQL expression), of post number `expr`. */
const memberId = (/** @type {string} */ expr) => sqlUuid(`'bench-member-' || (${expr})`);
const postId = (/** @type {string} */ expr) => sqlUuid(`'bench-post-' || (${expr})`);
const likeCount = `(CASE WHEN n < ${RICH} THEN 3 + n % 12 ELSE n % 3 END)`;
const viewerLikes = `(n < ${RICH} AND n % 2 = 0)`;
const commentCount = `(CASE WHEN n < ${RICH} THEN 3 + n % 3 WHEN n % 10 = 0 THEN 1 ELSE 0 END)`;

/**
 * @param {import('pg').Client} db connected to the bench stack's database
 * @param {{ from: number, to: number, viewerId: string, anchor: Date }} range posts number from..to-1;
 *   `anchor` is when post 0 was written (the same for every call)
 * @param {(detail: string) => void} update
 */
export async function seedFeedPosts(db, { from, to, viewerId, anchor }, update) {
  await db.query('BEGIN');
  try {
    // The rows are consistent by construction: skip the per-row foreign key checks (superuser only).
    await db.query('SET LOCAL session_replication_role = replica');
    await db.query('SET LOCAL synchronous_commit = off');
    if (from === 0) await insertAuthors(db);
    for (let start = from; start < to; start += CHUNK) {
      const end = Math.min(to, start + CHUNK);
      update(`posts ${start.toLocaleString('en')}–${end.toLocaleString('en')} of ${to.toLocaleString('en')}`);
      await insertChunk(db, start, end, viewerId, anchor);
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  // As autovacuum would soon after such an insert: statistics, and a visibility map for index-only
  // scans. Done now, so autovacuum does not do it during a measurement.
  update('vacuum analyze');
  await db.query('VACUUM (ANALYZE) posts.posts, posts.likes, posts.comments, posts.authors');
  // And the pages all that wrote go to disk now, not in a checkpoint or the kernel's write-back
  // during the measurement: one 1,000,000-post run had a third of the machine's CPU in no process
  // the bench watches, and its p99 up by 43 %.
  update('checkpoint');
  await db.query('CHECKPOINT');
}

/** The members who write the posts, as the posts service's read model of them knows them. */
async function insertAuthors(/** @type {import('pg').Client} */ db) {
  await db.query(`
    INSERT INTO posts.authors (user_id, first_name, last_name, profile_name, profile_image_url, source_updated_at)
    SELECT ${memberId('m')},
           (${textArray(FIRST_NAMES)})[1 + m % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + m % ${LAST_NAMES.length}],
           'early' || m, NULL, now()
    FROM generate_series(0, ${AUTHORS - 1}) AS m
    ON CONFLICT (user_id) DO NOTHING`);
}

/**
 * @param {import('pg').Client} db @param {number} from @param {number} to @param {string} viewerId
 * @param {Date} anchor
 */
async function insertChunk(db, from, to, viewerId, anchor) {
  const createdAt = `($1::timestamptz - n * interval '${STEP_SECONDS} seconds')`;
  await db.query(
    `INSERT INTO posts.posts (id, author_id, content, timezone, sent_timezone, time_classification,
                              created_at, updated_at, likes_count, comments_count)
     SELECT ${postId('n')}, ${memberId(`n * 7 % ${AUTHORS}`)},
            (${textArray(UPDATES)})[1 + n % ${UPDATES.length}],
            (ARRAY['Europe/London', 'America/New_York', 'Asia/Tokyo'])[1 + n % 3],
            (ARRAY['Europe/London', 'America/New_York', 'Asia/Tokyo'])[1 + n % 3],
            (ARRAY['5am', '6am', 'none'])[1 + n % 3],
            ${createdAt}, ${createdAt},
            ${likeCount} + CASE WHEN ${viewerLikes} THEN 1 ELSE 0 END, ${commentCount}
     FROM generate_series($2::int, $3::int - 1) AS n`,
    [anchor, from, to],
  );
  // Likers n+31j (mod AUTHORS) are distinct for j < AUTHORS: no duplicate (post, member) pair.
  await db.query(
    `INSERT INTO posts.likes (post_id, user_id, created_at)
     SELECT ${postId('n')}, ${memberId(`(n + 31 * j) % ${AUTHORS}`)}, ${createdAt} + j * interval '1 minute'
     FROM generate_series($2::int, $3::int - 1) AS n, generate_series(0, 13) AS j
     WHERE j < ${likeCount}`,
    [anchor, from, to],
  );
  await db.query(
    `INSERT INTO posts.likes (post_id, user_id, created_at)
     SELECT ${postId('n')}, $4::uuid, ${createdAt} + interval '30 seconds'
     FROM generate_series($2::int, $3::int - 1) AS n WHERE ${viewerLikes}`,
    [anchor, from, to, viewerId],
  );
  await db.query(
    `INSERT INTO posts.comments (id, post_id, author_id, content, created_at)
     SELECT ${sqlUuid(`'bench-comment-' || n || '-' || k`)}, ${postId('n')},
            ${memberId(`(n * 13 + k * 17) % ${AUTHORS}`)},
            (${textArray(REPLIES)})[1 + (n + k) % ${REPLIES.length}],
            ${createdAt} + (k + 1) * interval '2 minutes'
     FROM generate_series($2::int, $3::int - 1) AS n, generate_series(0, 4) AS k
     WHERE k < ${commentCount}`,
    [anchor, from, to],
  );
}

/** The ids of the newest `count` posts, as the SQL above makes them. */
export function newestPostIds(/** @type {number} */ count) {
  return Array.from({ length: count }, (_, n) => uuidOf(`bench-post-${n}`));
}

/** @param {string} label */
function uuidOf(label) {
  const h = createHash('md5').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}
