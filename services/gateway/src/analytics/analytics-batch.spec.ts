import { BadInputError } from '@daybreak/nest-common';
import { AnalyticsBatchPipe, anonymised } from './analytics-batch';

const event = (name: string, extra: object = {}) => ({
  type: 'event',
  name,
  properties: {},
  path: '/',
  timestamp: '2026-11-28T05:10:00.000Z',
  ...extra,
});

describe('the analytics batch the SPA sends', () => {
  const pipe = new AnalyticsBatchPipe();

  it('takes JSON as fetch sends it and as a beacon sends it (text/plain)', () => {
    const batch = { events: [event('feed_viewed', { properties: { feed: 'for_you' } })] };

    expect(pipe.transform(batch)).toEqual(batch);
    expect(pipe.transform(JSON.stringify(batch))).toEqual(batch);
  });

  it('refuses an event spec §7 does not name, saying which and what is allowed', () => {
    expect(() => pipe.transform({ events: [event('login'), event('mouse_moved')] })).toThrow(
      /events\.1\.name: Unknown analytics event "mouse_moved": send one of sign_up, login, .*page_view/,
    );
  });

  it.each([
    [
      'more than 50 events',
      { events: Array.from({ length: 51 }, () => event('login')) },
      /50 events at most/,
    ],
    ['no events', { events: [] }, /at least one event/],
    [
      'a long property value',
      { events: [event('share', { properties: { method: 'x'.repeat(101) } })] },
      /method/,
    ],
    ['a nested property', { events: [event('share', { properties: { method: { a: 1 } } })] }, /method/],
    [
      'too many properties',
      {
        events: [
          event('share', {
            properties: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`p${i}`, i])),
          }),
        ],
      },
      /12 properties at most/,
    ],
    [
      'a path that is not one',
      { events: [event('share', { path: 'https://elsewhere.example/' })] },
      /path must start with \//,
    ],
    ['text that is not JSON', 'events=1', /not JSON/],
  ])('refuses %s with a 400', (_what, body, message) => {
    const refusal = (() => {
      try {
        pipe.transform(body);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(BadInputError);
    expect((refusal as Error).message).toMatch(message);
  });
});

describe("a guest's event", () => {
  it('keeps no id: neither in its properties nor in its path', () => {
    const viewed = event('profile_viewed', {
      properties: { profile_user_id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', own_profile: false, id: 'x' },
      path: '/profile/9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d?tab=badges',
    });

    expect(anonymised(viewed as never)).toMatchObject({
      properties: { own_profile: false },
      path: '/profile/:id',
    });
  });
});
