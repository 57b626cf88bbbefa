import type { StreakTestResult } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser, fakeUser, textResponse } from '@/test/fakes';
import {
  fakeRoute,
  guestRoutes,
  memberRoutes,
  membersListRoute,
  type FakeAnswerer,
  type FakeRoutes,
} from '@/test/gateway';
import { renderApp } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const ben = fakeUser({ firstName: 'Ben', lastName: null });

function result(
  overrides: Partial<StreakTestResult['currentStats']> = {},
  timezone = 'America/New_York',
): StreakTestResult {
  return {
    user: ana,
    timezone,
    currentStats: {
      currentStreak: 7,
      longestStreak: 12,
      fiveAmPostsCount: 9,
      sixAmPostsCount: 4,
      freezesHeld: 1,
      freezesEarned: 2,
      freezesUsed: 1,
      ...overrides,
    },
    earlyPosts: [
      {
        id: 'p1',
        content: 'Coffee and sunrise',
        date: '2026-11-20',
        localTime: '05:02',
        timeClassification: '5am',
      },
      {
        id: 'p2',
        content: 'Late-ish start',
        date: '2026-11-19',
        localTime: '06:10',
        timeClassification: '6am',
      },
    ],
  };
}

const streakTestPath = (userId: string) => `/api/test/streak-calculation/${userId}`;
const streakTest = (userId: string, answer: FakeAnswerer<'GET /api/test/streak-calculation/:userId'>) =>
  fakeRoute('GET /api/test/streak-calculation/:userId', { userId }, answer);

function setup(answers: FakeRoutes = {}) {
  return renderApp('/test/streak-calculation', {
    ...memberRoutes(ana),
    ...membersListRoute(() => [ben]),
    ...streakTest(ana.id, ({ url }) => result({}, url.searchParams.get('timezone') ?? '')),
    ...answers,
  });
}

describe('/test/streak-calculation', () => {
  it("tells guests 'Please log in to access streak testing.'", async () => {
    const { calls } = renderApp('/test/streak-calculation', guestRoutes);

    expect(await screen.findByTestId('streak-test-guest')).toHaveTextContent(
      'Please log in to access streak testing.',
    );
    expect(calls.some((call) => call.url.pathname.startsWith('/api/test/'))).toBe(false);
  });

  it('offers the viewer and the listed members, and the 9 timezones with New York first', async () => {
    setup();

    const members = await screen.findByTestId('streak-test-user');
    await waitFor(() => expect(within(members).getAllByRole('option')).toHaveLength(2));
    expect(
      within(members)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ana Early (you)', 'Ben']);
    expect(members).toHaveValue(ana.id);
    const zones = screen.getByTestId('streak-test-timezone');
    expect(
      within(zones)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'Europe/London',
      'Europe/Paris',
      'Asia/Tokyo',
      'Asia/Shanghai',
      'Australia/Sydney',
    ]);
    expect(zones).toHaveValue('America/New_York');
  });

  it('shows the streaks, the counts and the early posts with local time and classification', async () => {
    setup();

    const report = await screen.findByTestId('streak-test-result');
    expect(within(report).getByTestId('streak-test-current-value')).toHaveTextContent('7');
    expect(within(report).getByTestId('streak-test-longest-value')).toHaveTextContent('12');
    expect(within(report).getByTestId('streak-test-5am-value')).toHaveTextContent('9');
    expect(within(report).getByTestId('streak-test-6am-value')).toHaveTextContent('4');
    expect(within(report).getByTestId('streak-test-freezes-earned')).toHaveTextContent('2');
    expect(within(report).getByTestId('streak-test-freezes-used')).toHaveTextContent('1');
    expect(within(report).getByTestId('streak-test-freezes-held')).toHaveTextContent('1');
    const posts = within(report).getAllByTestId('streak-test-post');
    expect(posts[0]).toHaveTextContent('2026-11-20');
    expect(posts[0]).toHaveTextContent('05:02');
    expect(posts[0]).toHaveTextContent('Coffee and sunrise');
    expect(within(posts[0]!).getByTestId('club-chip')).toHaveTextContent('5AM CLUB');
    expect(within(posts[1]!).getByTestId('club-chip')).toHaveTextContent('6AM CLUB');
  });

  it.each([
    [0, 'grey'],
    [1, 'blue'],
    [2, 'blue'],
    [3, 'yellow'],
    [6, 'yellow'],
    [7, 'green'],
  ])('colours a current streak of %i %s', async (currentStreak, tone) => {
    setup(streakTest(ana.id, () => result({ currentStreak })));

    expect(await screen.findByTestId('streak-test-current')).toHaveAttribute('data-tone', tone);
  });

  it('recalculates for another member and another timezone', async () => {
    const { calls } = setup(
      streakTest(ben.id, ({ url }) => ({
        ...result({ currentStreak: 2 }, url.searchParams.get('timezone') ?? ''),
        user: ben,
      })),
    );
    await screen.findByTestId('streak-test-result');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Ben' })).toHaveLength(1));

    await userEvent.selectOptions(screen.getByTestId('streak-test-user'), ben.id);
    await userEvent.selectOptions(screen.getByTestId('streak-test-timezone'), 'Asia/Tokyo');

    await waitFor(() => expect(screen.getByTestId('streak-test-result')).toHaveTextContent('Asia/Tokyo'));
    expect(screen.getByTestId('streak-test-current-value')).toHaveTextContent('2');
    expect(
      calls.some(
        (call) =>
          call.url.pathname === streakTestPath(ben.id) &&
          call.url.searchParams.get('timezone') === 'Asia/Tokyo',
      ),
    ).toBe(true);
  });

  it('only logs a failure (spec §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(streakTest(ana.id, () => textResponse('boom', 500, 'Internal Server Error')));

    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Streak test: calculation failed', expect.any(Error)),
    );
    expect(screen.queryByTestId('streak-test-result')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('streak-test-user')).toBeInTheDocument();
  });
});
