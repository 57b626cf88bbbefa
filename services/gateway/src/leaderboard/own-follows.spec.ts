import type Redis from 'ioredis';
import { OWN_FOLLOW_LIMIT, OWN_FOLLOW_TTL_MS, OwnFollows } from './own-follows';

/** The two hash commands OwnFollows uses, over a map; `broken` makes every command fail. */
function fakeRedis(broken = false) {
  const hashes = new Map<string, Map<string, string>>();
  const fail = () => Promise.reject(new Error('connection lost'));
  const redis = {
    multi() {
      const steps: (() => void)[] = [];
      const chain = {
        hset(key: string, field: string, value: string) {
          steps.push(() => hashes.set(key, (hashes.get(key) ?? new Map()).set(field, value)));
          return chain;
        },
        pexpire: () => chain,
        exec: () => (broken ? fail() : Promise.resolve(steps.forEach((step) => step()))),
      };
      return chain;
    },
    hgetall: (key: string) => (broken ? fail() : Promise.resolve(Object.fromEntries(hashes.get(key) ?? []))),
  };
  return redis as unknown as Redis;
}

describe('OwnFollows: a member’s recent own follow changes', () => {
  const NOW = 1_800_000_000_000;

  it('keeps the latest state per member followed, newest first, for a minute', async () => {
    const own = new OwnFollows(fakeRedis());
    await own.record('ana', 'ben', true, NOW - OWN_FOLLOW_TTL_MS);
    await own.record('ana', 'cara', true, NOW - 2000);
    await own.record('ana', 'dan', true, NOW - 1000);
    await own.record('ana', 'cara', false, NOW - 500);
    await own.record('eve', 'ana', true, NOW);

    // Ben's follow is a minute old: the events have long brought it.
    expect(await own.recent('ana', NOW)).toEqual({ followed: ['dan'], unfollowed: ['cara'] });
  });

  it(`passes the newest ${OWN_FOLLOW_LIMIT} at most`, async () => {
    const own = new OwnFollows(fakeRedis());
    for (let n = 0; n < OWN_FOLLOW_LIMIT + 5; n++) await own.record('ana', `m${n}`, true, NOW - 10_000 + n);

    const { followed } = await own.recent('ana', NOW);
    expect(followed).toHaveLength(OWN_FOLLOW_LIMIT);
    expect(followed[0]).toBe(`m${OWN_FOLLOW_LIMIT + 4}`);
  });

  it('answers no changes, and throws nothing, while Redis fails', async () => {
    const own = new OwnFollows(fakeRedis(true));
    await expect(own.record('ana', 'ben', true, NOW)).resolves.toBeUndefined();
    expect(await own.recent('ana', NOW)).toEqual({ followed: [], unfollowed: [] });
  });
});
