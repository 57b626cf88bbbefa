import type { AppNotification } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakeNotification, fakePost } from '@/test/fakes';
import { fakeRoute, feedRoute, memberRoutes, pending, type Answered, type FakeRoutes } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser();

function setup(notifications: AppNotification[], extra: FakeRoutes = {}) {
  const post = fakePost({ id: 'p-1' });
  const app = renderApp('/', {
    ...memberRoutes(ana),
    ...feedRoute([post]),
    ...fakeRoute('GET /api/notifications', () => notifications),
    ...fakeRoute('GET /api/notifications/unread-count', () => ({
      count: notifications.filter((notification) => !notification.isRead).length,
    })),
    ...fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post),
    ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => []),
    ...fakeRoute('GET /api/posts/:postId/badges', { postId: post.id }, () => []),
    ...fakeRoute('GET /api/posts/:postId/like-status', { postId: post.id }, () => ({ isLiked: false })),
    ...extra,
  });
  const open = async () => {
    await userEvent.click(await screen.findByTestId('notifications-bell'));
    return within(await screen.findByTestId('notifications-sheet'));
  };
  return { ...app, open };
}

describe('notifications side sheet', () => {
  it("shows 'NO NOTIFICATIONS' when there are none, and no MARK ALL READ", async () => {
    const sheet = await setup([]).open();

    expect(await sheet.findByText('NO NOTIFICATIONS')).toBeInTheDocument();
    expect(sheet.getByText("You're all caught up!")).toBeInTheDocument();
    expect(sheet.queryByTestId('mark-all-read')).toBeNull();
  });

  it('marks an unread notification read and opens its post', async () => {
    const notification = fakeNotification({ postId: 'p-1' });
    const { open, calls, router } = setup(
      [notification],
      fakeRoute(
        'PUT /api/notifications/:notificationId/read',
        { notificationId: notification.id },
        () => undefined,
      ),
    );
    const sheet = await open();

    await userEvent.click(await sheet.findByTestId('notification-row'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/post/p-1'));
    await routerSettled(router);
    expect(calls.some((call) => call.method === 'PUT' && call.url.pathname.endsWith('/read'))).toBe(true);
    expect(screen.queryByTestId('notifications-sheet')).toBeNull();
  });

  it("marks all read with a 'SUCCESS' toast", async () => {
    const { open } = setup(
      [fakeNotification(), fakeNotification({ isRead: true })],
      fakeRoute('PUT /api/notifications/read-all', () => undefined),
    );
    const sheet = await open();

    await userEvent.click(await sheet.findByTestId('mark-all-read'));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('SUCCESS');
    expect(toast).toHaveTextContent('All notifications marked as read.');
  });

  it('shows 5 skeleton rows while loading, then times as now, Nm, Nh and Nd', async () => {
    const answer = pending<Answered<'GET /api/notifications'>>();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const sheet = await setup(
      [],
      fakeRoute('GET /api/notifications', () => answer.promise),
    ).open();

    const loading = await sheet.findByLabelText('Loading notifications');
    expect(loading.querySelectorAll('li')).toHaveLength(5);

    answer.resolve([
      fakeNotification({ createdAt: minutesAgo(0.5) }),
      fakeNotification({ createdAt: minutesAgo(5.5) }),
      fakeNotification({ createdAt: minutesAgo(3.5 * 60) }),
      fakeNotification({ createdAt: minutesAgo(2.5 * 24 * 60) }),
    ]);
    const rows = await sheet.findAllByTestId('notification-row');
    expect(rows.map((row) => row.querySelector('time')?.textContent)).toEqual(['now', '5m', '3h', '2d']);
  });

  it('shows the unread count on the bell, capped at 99+', async () => {
    setup([], { ...fakeRoute('GET /api/notifications/unread-count', () => ({ count: 120 })) });

    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('99+'));
  });
});
