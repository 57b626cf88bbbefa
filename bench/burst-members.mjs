// @ts-check
// The members of the morning burst (bench/morning-burst.mjs) and the graph of who follows whom.
//
// Members and the follow graph are written with SQL, as bench/feed-data.mjs writes posts: the rows a
// first sign-in and a follow leave in social and, through their events, in the read models of
// posts, notifications and streaks. Through the services, 10,000 members and 150,000 follows would
// take longer than the whole run; the burst's own follows take the real path. The members who act
// in the burst then sign in through the gateway and the identity provider, as a person does.
//
// The graph is heavy-tailed, as follow graphs are: how many members one follows is log-normal
// (median FOLLOWS_MEDIAN, a few hundred at most), and 60 % of the follows go to members by
// popularity (Zipf over a random ranking, so a few have thousands of followers), the rest to anyone.
// Everything random comes from one seeded generator: two runs build the same graph.
import { createHash, randomUUID } from 'node:crypto';
import { signIn } from './sign-in.mjs';

const FOLLOWS_MEDIAN = 10;
const FOLLOWS_SIGMA = 0.9;
const MAX_FOLLOWS = 300;
const POPULAR_SHARE = 0.6;
const ZIPF_EXPONENT = 0.9;
/** Sign-ins in flight. */
const CONCURRENCY = 16;
/** Rows per INSERT of follows. */
const CHUNK = 20_000;

/** A seeded generator of numbers in [0, 1) (mulberry32): the same graph in every run. */
export function seededRandom(seed = 0x5a3e) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A standard normal number (Box–Muller). @param {() => number} random */
const normal = (random) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/**
 * The IANA zone whose clock now reads 5 o'clock, as `Etc/GMT±n` (whose sign is the reverse of the
 * offset's): the active members live there, so their posts are early ones, as at 5 AM.
 */
export function zoneAtFiveNow(now = new Date()) {
  let offset = 5 - now.getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** Zones of the members who are not up now: the rest of the world's bands. */
const OTHER_ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/**
 * Runs `task` for each of `items`, CONCURRENCY at a time, calling `update` as they finish.
 * @template T, R
 * @param {T[]} items @param {(item: T, index: number) => Promise<R>} task
 * @param {(done: number) => void} update
 * @returns {Promise<R[]>}
 */
async function pooled(items, task, update) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
      if (++done % 100 === 0) update(done);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

/**
 * @typedef {{ index: number, id: string, email: string, name: string, timezone: string,
 *   address: string, cookie?: string }} Member
 */

/**
 * Registers `count` members, the first `active` of them in the zone where it is 5 AM: the rows a
 * first sign-in leaves in social and, through user.registered, in the read models of posts,
 * notifications and streaks, written with SQL (through the social service, 10,000 took two minutes
 * here). Their subject is what the identity provider derives from the address, so signing in
 * there with it finds the member. Resolves to the members with their ids.
 * @param {import('pg').Client} db @param {{ issuer: string, count: number, active: number }} options
 * @returns {Promise<Member[]>}
 */
export async function registerMembers(db, { issuer, count, active }) {
  const earlyZone = zoneAtFiveNow();
  /** @type {Member[]} */
  const members = Array.from({ length: count }, (_, index) => ({
    index,
    id: randomUUID(),
    email: `burst-${index}@daybreak.local`,
    name: `Early Riser${index}`,
    timezone: index < active ? earlyZone : OTHER_ZONES[index % OTHER_ZONES.length],
    // An address of one's own, as real members have: the gateway's per-address buckets then count
    // one member each (the gateway believes X-Forwarded-For from loopback).
    address: `2001:db8:${(index >> 16).toString(16)}:${(index & 0xffff).toString(16)}::1`,
  }));
  const column = (/** @type {(member: Member) => string} */ of) => members.map(of);
  const [ids, emails, lastNames, zones] = [
    column((m) => m.id),
    column((m) => m.email),
    column((m) => `Riser${m.index}`),
    column((m) => m.timezone),
  ];
  const subjects = column((m) => createHash('sha256').update(m.email).digest('hex'));
  await db.query('BEGIN');
  try {
    await db.query(
      `INSERT INTO social.users (id, identity_issuer, identity_subject, email, first_name, last_name, timezone, created_at)
       SELECT id, $5, subject, email, 'Early', last_name, zone, now() - interval '30 days'
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $6::text[]) AS t(id, subject, email, last_name, zone)`,
      [ids, subjects, emails, lastNames, issuer, zones],
    );
    for (const table of ['posts.authors', 'notifications.members'])
      await db.query(
        `INSERT INTO ${table} (user_id, first_name, last_name, source_updated_at)
         SELECT id, 'Early', last_name, now() FROM unnest($1::uuid[], $2::text[]) AS t(id, last_name)`,
        [ids, lastNames],
      );
    await db.query(
      `INSERT INTO streaks.members (user_id, first_name, last_name, timezone)
       SELECT id, 'Early', last_name, zone FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, last_name, zone)`,
      [ids, lastNames, zones],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  return members;
}

/**
 * Signs `members` in through the gateway and the identity provider; each gets its session cookie.
 * @param {string} gatewayUrl @param {Member[]} members @param {(detail: string) => void} update
 */
export async function signInMembers(gatewayUrl, members, update) {
  await pooled(
    members,
    async (member) => {
      member.cookie = await signIn(gatewayUrl, { name: member.name, email: member.email });
    },
    (done) => update(`${done.toLocaleString('en')}/${members.length.toLocaleString('en')} signed in`),
  );
}

/**
 * Who follows whom: for each member, the indexes of the members they follow. Also returns a
 * sampler of members by popularity, for the follows the burst adds.
 * @param {number} count @param {() => number} random
 */
export function followGraph(count, random) {
  // A random ranking; member at rank r is chosen with weight 1 / (r + 1)^ZIPF_EXPONENT.
  const ranking = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranking[i], ranking[j]] = [ranking[j], ranking[i]];
  }
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let rank = 0; rank < count; rank++) cumulative[rank] = total += 1 / (rank + 1) ** ZIPF_EXPONENT;
  const popular = () => {
    const target = random() * total;
    let [low, high] = [0, count - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return ranking[low];
  };
  const anyone = () => Math.floor(random() * count);
  const pick = () => (random() < POPULAR_SHARE ? popular() : anyone());
  /** @type {Set<number>[]} */
  const follows = Array.from({ length: count }, (_, member) => {
    const wanted = Math.min(
      MAX_FOLLOWS,
      count - 1,
      Math.max(1, Math.round(FOLLOWS_MEDIAN * Math.exp(FOLLOWS_SIGMA * normal(random)))),
    );
    const followees = new Set();
    while (followees.size < wanted) {
      const followee = pick();
      if (followee !== member) followees.add(followee);
    }
    return followees;
  });
  return { follows, pick };
}

/**
 * Writes the graph into the three schemas that keep follows, and social's counters, in one
 * transaction. No events: the other services hold these rows already, as after the real events.
 * @param {import('pg').Client} db @param {Member[]} members @param {Set<number>[]} follows
 * @param {(detail: string) => void} update
 */
export async function writeFollowGraph(db, members, follows, update) {
  /** @type {[string, string][]} */
  const pairs = follows.flatMap((followees, follower) =>
    [...followees].map(
      (followee) => /** @type {[string, string]} */ ([members[follower].id, members[followee].id]),
    ),
  );
  await db.query('BEGIN');
  try {
    await db.query('SET LOCAL synchronous_commit = off');
    for (let start = 0; start < pairs.length; start += CHUNK) {
      update(`${start.toLocaleString('en')}/${pairs.length.toLocaleString('en')} follows`);
      const chunk = pairs.slice(start, start + CHUNK);
      const followers = chunk.map(([follower]) => follower);
      const followees = chunk.map(([, followee]) => followee);
      // Followed over the past weeks, so the lists have an order to show.
      await db.query(
        `INSERT INTO social.follows (follower_id, followee_id, created_at)
         SELECT f, e, now() - random() * interval '60 days' FROM unnest($1::uuid[], $2::uuid[]) AS t(f, e)`,
        [followers, followees],
      );
      await db.query(
        `INSERT INTO notifications.follows (follower_id, followee_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])`,
        [followers, followees],
      );
      await db.query(
        `INSERT INTO streaks.follows (follower_id, followee_id) SELECT * FROM unnest($1::uuid[], $2::uuid[])`,
        [followers, followees],
      );
    }
    update("social's counters");
    await db.query(`
      UPDATE social.users AS u
      SET followers_count = (SELECT count(*) FROM social.follows WHERE followee_id = u.id),
          following_count = (SELECT count(*) FROM social.follows WHERE follower_id = u.id)`);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query('VACUUM (ANALYZE) social.follows, social.users, notifications.follows, streaks.follows');
  return pairs.length;
}
