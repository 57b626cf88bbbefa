// @ts-check
// What the members do in the morning burst (bench/morning-burst.mjs), as a timetable: the 90
// minutes after 5 AM of one time-zone band, compressed into the run's seconds.
//
// No production figures exist yet, so the mix is stated, not measured (docs/scaling.md uses the
// same): every active member posts once (PHOTO_SHARE of the posts with a photo), reads the feed,
// likes, sometimes comments or follows someone, and looks at their notifications. When they post
// follows the product's shape: most right after the alarm, fewer as the morning goes on (an
// exponential decay whose mean is a third of the window, i.e. 30 of the 90 minutes, cut at its
// end). The rest of what a member does comes within SESSION of their post.

/**
 * Per active member and morning: one post (an active member is one who posts that morning), and the
 * mean count of each other action (Poisson around it; the feed's first page comes with opening the app).
 */
export const MIX = {
  post: 1,
  feed: 4,
  like: 5,
  comment: 0.6,
  follow: 0.15,
  notifications: 2,
};
/** Posts with a photo, of all posts. */
export const PHOTO_SHARE = 0.3;
/** Mean of the post time's exponential decay, as a share of the window (30 of 90 minutes). */
const POST_DECAY = 1 / 3;
/** How long a member's visit lasts after opening the app, as a share of the window (~13 minutes). */
const SESSION = 0.15;
/** The app opens shortly before the post is written. */
const BEFORE_POST = 0.02;

/** @typedef {'feed' | 'post' | 'photo-post' | 'like' | 'comment' | 'follow' | 'notifications'} ActionType */
/** @typedef {{ at: number, member: number, type: ActionType }} Action */

/** A Poisson-distributed count with mean `mean` (Knuth's method: the means here are small). @param {number} mean @param {() => number} random */
function poisson(mean, random) {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random(); product > limit; product *= random()) count++;
  return count;
}

/** When in the window (0–1) a member posts: exponential decay from the window's start, cut at its end. @param {() => number} random */
function postTime(random) {
  return -POST_DECAY * Math.log(1 - random() * (1 - Math.exp(-1 / POST_DECAY)));
}

/**
 * The burst's timetable: each of `members` active members' actions, at seconds from the burst's
 * start (a window of `seconds`), in time order.
 * @param {number} members @param {number} seconds @param {() => number} random
 * @returns {Action[]}
 */
export function morningTimetable(members, seconds, random) {
  /** @type {Action[]} */
  const actions = [];
  const at = (/** @type {number} */ share) => Math.min(0.999, Math.max(0, share)) * seconds;
  for (let member = 0; member < members; member++) {
    const postAt = postTime(random);
    const opensAt = postAt - random() * BEFORE_POST;
    const during = () => at(opensAt + random() * SESSION);
    // The first page on opening; the post itself; the rest over the visit.
    actions.push({ at: at(opensAt), member, type: 'feed' });
    actions.push({ at: at(postAt), member, type: random() < PHOTO_SHARE ? 'photo-post' : 'post' });
    const moreFeedPages = Math.max(0, poisson(MIX.feed, random) - 1);
    for (let i = 0; i < moreFeedPages; i++) actions.push({ at: during(), member, type: 'feed' });
    for (const type of /** @type {const} */ (['like', 'comment', 'follow', 'notifications'])) {
      const count = poisson(MIX[type], random);
      for (let i = 0; i < count; i++) actions.push({ at: during(), member, type });
    }
  }
  return actions.sort((a, b) => a.at - b.at);
}

/** How many actions of each type a timetable holds. @param {Action[]} actions */
export function countByType(actions) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const { type } of actions) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}
