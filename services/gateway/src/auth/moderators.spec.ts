import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config';
import { MODERATORS_KEY, Moderators } from './moderators';

/** Moderators over a config and a Redis set (a fake: only SISMEMBER is asked). */
function moderatorsWith(fromConfig: string[], granted: string[]) {
  const redis = {
    sismember: jest.fn(async (key: string, email: string) =>
      key === MODERATORS_KEY && granted.includes(email) ? 1 : 0,
    ),
  };
  const config = { DAYBREAK_MODERATORS: fromConfig } as unknown as GatewayConfig;
  return { moderators: new Moderators(config, redis as unknown as Redis), redis };
}

describe('Moderators (issue 42)', () => {
  it('grants the e-mails of DAYBREAK_MODERATORS without asking Redis, whatever their case', async () => {
    const { moderators, redis } = moderatorsWith(['dev@daybreak.local'], []);
    expect(await moderators.isModerator(' Dev@Daybreak.local ')).toBe(true);
    expect(redis.sismember).not.toHaveBeenCalled();
  });

  it('grants the e-mails the script added to Redis, and no one else (nor a session with none)', async () => {
    const { moderators } = moderatorsWith([], ['mona@example.test']);
    expect(await moderators.isModerator('MONA@example.test')).toBe(true);
    expect(await moderators.isModerator('ben@example.test')).toBe(false);
    expect(await moderators.isModerator(undefined)).toBe(false);
    expect(await moderators.isModerator(null)).toBe(false);
  });
});
