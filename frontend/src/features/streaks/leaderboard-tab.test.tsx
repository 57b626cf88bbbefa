import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser } from '@/test/fakes';
import { fakeRoute, guestRoutes, pending, type Answered, type FakeAnswerer } from '@/test/gateway';
import { renderComponent } from '@/test/render-component';
import { fakeLeaderboardEntry, fakeWeek } from '@/test/streak-fakes';
import { LeaderboardTab } from './leaderboard-tab';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const LEADERBOARD = 'GET /api/following/leaderboard/weekly' as const;

function setup(answer: FakeAnswerer<typeof LEADERBOARD>) {
  const onFindPeople = vi.fn();
  const view = renderComponent(() => <LeaderboardTab onFindPeople={onFindPeople} />, {
    ...fakeRoute('GET /api/auth/user', () => ana),
    ...fakeRoute(LEADERBOARD, answer),
  });
  return { ...view, onFindPeople };
}

const viewerEntry = fakeLeaderboardEntry({
  id: ana.id,
  isCurrentUser: true,
  firstName: 'Ana',
  lastName: 'Early',
  fiveAmDaysThisWeek: 3,
  sixAmDaysThisWeek: 1,
  currentStreak: 9,
  weeklyData: fakeWeek('556 5  '),
});

describe('LeaderboardTab', () => {
  it('shows skeleton rows while loading', async () => {
    const answer = pending<Answered<typeof LEADERBOARD>>();
    setup(() => answer.promise);

    expect(await screen.findByTestId('leaderboard-loading')).toHaveAttribute('aria-busy', 'true');
    answer.resolve([viewerEntry]);
    expect(await screen.findByTestId('leaderboard-empty')).toBeInTheDocument();
  });

  it('suggests FIND PEOPLE when the viewer follows nobody', async () => {
    const { onFindPeople } = setup(() => [viewerEntry]);

    await userEvent.click(await screen.findByRole('button', { name: /FIND PEOPLE/ }));

    expect(onFindPeople).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('leaderboard-row')).toBeNull();
  });

  it('ranks the rows in the order given, highlights the viewer and links each to its profile', async () => {
    const ben = fakeLeaderboardEntry({
      firstName: 'Ben',
      lastName: null,
      fiveAmDaysThisWeek: 4,
      currentStreak: 2,
    });
    const cy = fakeLeaderboardEntry({
      profileName: 'Cy the Lark',
      fiveAmDaysThisWeek: 1,
      sixAmDaysThisWeek: 5,
    });
    setup(() => [ben, viewerEntry, cy]);

    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows.map((row) => within(row).getByTestId('leaderboard-rank').textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(rows.map((row) => within(row).getByTestId('leaderboard-name').textContent)).toEqual([
      'Ben',
      'Ana Early',
      'Cy the Lark',
    ]);
    expect(rows.map((row) => row.getAttribute('data-current'))).toEqual([null, 'true', null]);
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('aria-current', 'true');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', `/profile/${ben.id}?from=leaderboard`);

    const viewerRow = within(rows[1]!);
    expect(viewerRow.getByTestId('leaderboard-5am-days')).toHaveTextContent('3');
    expect(viewerRow.getByTestId('leaderboard-6am-days')).toHaveTextContent('1');
    expect(viewerRow.getByTestId('leaderboard-streak')).toHaveTextContent('9');
  });

  it('draws the week as 7 labelled dots, 5am, 6am or none, with a legend', async () => {
    const ben = fakeLeaderboardEntry();
    setup(() => [viewerEntry, ben]);

    const row = within((await screen.findAllByTestId('leaderboard-row'))[0]!);
    const dots = row.getAllByTestId('day-dot');
    expect(dots.map((dot) => dot.getAttribute('data-activity'))).toEqual([
      '5am',
      '5am',
      '6am',
      'none',
      '5am',
      'none',
      'none',
    ]);
    expect(dots[2]).toHaveAccessibleName('Wed: 6AM post');
    expect(screen.getByTestId('leaderboard-legend')).toHaveTextContent('5AM post');
    expect(screen.getByTestId('leaderboard-legend')).toHaveTextContent('no early post');
  });

  it('falls back to the local part of the e-mail, then to "User"', async () => {
    const anonymous = { profileName: null, firstName: null, lastName: null };
    setup(() => [
      viewerEntry,
      fakeLeaderboardEntry({ ...anonymous, email: 'dawn.runner@example.com' }),
      fakeLeaderboardEntry({ ...anonymous, email: null }),
    ]);

    const names = (await screen.findAllByTestId('leaderboard-name')).map((name) => name.textContent);
    expect(names).toEqual(['Ana Early', 'dawn.runner', 'User']);
  });

  it('loads once: leaving the tab and coming back reads the cache', async () => {
    function TabSwitch() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((value) => !value)}>
            switch
          </button>
          {shown && <LeaderboardTab onFindPeople={() => undefined} />}
        </>
      );
    }
    const { calls } = renderComponent(() => <TabSwitch />, {
      ...fakeRoute('GET /api/auth/user', () => ana),
      ...fakeRoute(LEADERBOARD, () => [viewerEntry, fakeLeaderboardEntry()]),
    });
    await screen.findAllByTestId('leaderboard-row');

    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(screen.queryByTestId('leaderboard-row')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));

    expect(screen.getAllByTestId('leaderboard-row')).toHaveLength(2);
    expect(calls.filter((call) => call.url.pathname === '/api/following/leaderboard/weekly')).toHaveLength(1);
  });

  it('renders nothing for guests and does not ask for the board', async () => {
    const { calls, container } = renderComponent(
      () => <LeaderboardTab onFindPeople={() => undefined} />,
      guestRoutes,
    );

    await vi.waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/auth/user')).toBe(true));
    expect(container).toBeEmptyDOMElement();
    expect(calls.some((call) => call.url.pathname.includes('leaderboard'))).toBe(false);
  });
});
