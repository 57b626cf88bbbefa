// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { followGraph, seededRandom, zoneAtFiveNow } from './burst-members.mjs';
import { MIX, PHOTO_SHARE, countByType, morningTimetable } from './burst-plan.mjs';

const MEMBERS = 4000;
const SECONDS = 120;

test('every member posts once, most of them early in the window, with the stated share of photos', () => {
  const actions = morningTimetable(MEMBERS, SECONDS, seededRandom(1));
  const posts = actions.filter((action) => action.type === 'post' || action.type === 'photo-post');
  assert.equal(posts.length, MEMBERS);
  assert.equal(new Set(posts.map((post) => post.member)).size, MEMBERS);
  // An exponential decay with a mean of a third of the window, cut at its end: (1 - 1/e) / (1 - 1/e³)
  // of the posts fall in the first third, ~66 %.
  const early = posts.filter((post) => post.at < SECONDS / 3).length / MEMBERS;
  assert.ok(early > 0.62 && early < 0.7, `${early} of the posts in the first 30 minutes`);
  const photos = countByType(actions)['photo-post'] / MEMBERS;
  assert.ok(Math.abs(photos - PHOTO_SHARE) < 0.03, `${photos} of the posts with a photo`);
});

test('each action comes as often as the mix says, on average', () => {
  const counts = countByType(morningTimetable(MEMBERS, SECONDS, seededRandom(4)));
  for (const type of /** @type {const} */ (['like', 'comment', 'follow', 'notifications'])) {
    const mean = (counts[type] ?? 0) / MEMBERS;
    assert.ok(
      Math.abs(mean - MIX[type]) < 0.05 * MIX[type] + 0.02,
      `${type}: ${mean} a member, not ${MIX[type]}`,
    );
  }
  // The first page on opening, then the rest of a Poisson count: about the mix's mean.
  assert.ok(Math.abs(counts.feed / MEMBERS - MIX.feed) < 0.15, `feed: ${counts.feed / MEMBERS}`);
});

test('the timetable is in time order, within the window', () => {
  const actions = morningTimetable(MEMBERS, SECONDS, seededRandom(2));
  assert.ok(
    actions.every(
      (action, i) => action.at >= 0 && action.at < SECONDS && (i === 0 || actions[i - 1].at <= action.at),
    ),
  );
});

test('the follow graph has no self-follows and a heavy tail', () => {
  const { follows } = followGraph(MEMBERS, seededRandom(3));
  assert.ok(follows.every((followees, member) => !followees.has(member)));
  const followers = new Array(MEMBERS).fill(0);
  for (const followees of follows) for (const followee of followees) followers[followee]++;
  const mean = followers.reduce((a, b) => a + b, 0) / MEMBERS;
  assert.ok(
    Math.max(...followers) > 20 * mean,
    `the most followed has ${Math.max(...followers)}, the mean ${mean}`,
  );
});

test("the active members' zone reads 5 o'clock", () => {
  for (const hour of [0, 5, 6, 17, 18, 23]) {
    const now = new Date(Date.UTC(2026, 10, 28, hour, 30));
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: zoneAtFiveNow(now), hour: 'numeric' }).format(
      now,
    );
    assert.equal(Number(local), 5, `at ${hour}:30 UTC`);
  }
});
