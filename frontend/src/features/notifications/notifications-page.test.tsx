import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakeNotification, fakePost, textResponse } from '@/test/fakes';
import { fakeRoute, feedRoute, guestRoutes, memberRoutes, pending, type Answered } from '@/test/gateway';
import { refetchAll, renderApp, routerSettled } from '@/test/render-app';
import { notificationTarget } from './notification-target';

const ana = fakeCurrentUser();

describe('notificationTarget', () => {
  it('sends follows to the follower, posts to the feed highlight, the rest home', () => {
    expect(notificationTarget({ type: 'follow', fromUserId: 'u1', postId: null })).toEqual({
      to: '/profile/$userId',
      params: { userId: 'u1' },
    });
    expect(notificationTarget({ type: 'like', fromUserId: 'u1', postId: 'p1' })).toEqual({
      to: '/',
      search: { post: 'p1' },
    });
    expect(notificationTarget({ type: 'badge', fromUserId: null, postId: null })).toEqual({ to: '/' });
    expect(notificationTarget({ type: 'other', kind: 'reminder', fromUserId: null, postId: null })).toEqual({
      to: '/create-post',
    });
  });
});

describe('/notifications', () => {
  it('asks guests to sign in', async () => {
    renderApp('/notifications', guestRoutes);

    expect(await screen.findByTestId('sign-in-prompt')).toHaveTextContent('NOTIFICATIONS');
  });

  it('shows the empty state', async () => {
    renderApp('/notifications', { ...memberRoutes(ana), ...fakeRoute('GET /api/notifications', () => []) });

    expect(await screen.findByText("YOU'LL SEE LIKES, COMMENTS, AND FOLLOWS HERE")).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('0 unread');
    expect(screen.queryByTestId('mark-all-read')).toBeNull();
  });

  it('keeps the list and its unread count when a poll fails', async () => {
    let answers = true;
    const { queryClient } = renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () =>
        answers
          ? [fakeNotification({ message: 'Ben liked your post' })]
          : textResponse('', 503, 'Unavailable'),
      ),
    });
    expect(await screen.findByText('Ben liked your post')).toBeInTheDocument();

    answers = false;
    await refetchAll(queryClient);

    expect(screen.getByText('Ben liked your post')).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
    expect(screen.queryByText("Couldn't load your notifications.")).toBeNull();
  });

  it('opens the follower profile from a follow notification', async () => {
    const { router } = renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () => [
        {
          id: 'n1',
          type: 'follow',
          message: 'Ben started following you',
          isRead: true,
          createdAt: new Date(Date.now() - 2.5 * 3_600_000).toISOString(),
          fromUserId: 'u-ben',
          fromUser: null,
        },
      ]),
    });

    const row = await screen.findByTestId('notification-row');
    expect(row).toHaveTextContent('2h ago');
    await userEvent.click(row);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/u-ben'));
    await routerSettled(router);
  });

  it("shows a badge notification with its icon, not the initial of a member named 'Member'", async () => {
    renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () => [
        fakeNotification({
          type: 'other',
          message: 'You earned the Town Crier badge!',
          fromUserId: null,
          fromUser: null,
        }),
        fakeNotification(),
      ]),
    });

    const [badge, like] = await screen.findAllByTestId('notification-row');
    expect(badge).toHaveTextContent('You earned the Town Crier badge!');
    expect(within(badge!).getByTestId('notification-type-icon')).toBeInTheDocument();
    expect(within(badge!).queryByText('M')).toBeNull();
    expect(within(like!).queryByTestId('notification-type-icon')).toBeNull();
    expect(within(like!).getByText('B')).toBeInTheDocument();
  });

  it('shows 5 skeleton rows while loading', async () => {
    const answer = pending<Answered<'GET /api/notifications'>>();
    renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () => answer.promise),
    });

    const loading = await screen.findByLabelText('Loading notifications');
    expect(loading.querySelectorAll('li')).toHaveLength(5);

    answer.resolve([]);
    expect(await screen.findByText('NO NOTIFICATIONS')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading notifications')).toBeNull();
  });

  it("shows MARKING... while marking all read, then 'All notifications marked as read.'", async () => {
    const answer = pending<Answered<'PUT /api/notifications/read-all'>>();
    renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () => [
        fakeNotification({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() }),
      ]),
      ...fakeRoute('PUT /api/notifications/read-all', () => answer.promise),
    });

    const row = await screen.findByTestId('notification-row');
    expect(row).toHaveTextContent('Just now');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
    await userEvent.click(screen.getByTestId('mark-all-read'));

    expect(await screen.findByText('MARKING...')).toBeInTheDocument();
    expect(screen.getByTestId('mark-all-read')).toBeDisabled();
    answer.resolve(undefined);
    expect(await screen.findByTestId('toast')).toHaveTextContent('All notifications marked as read.');
  });

  it('opens the feed at the post for a like', async () => {
    const liked = fakePost();
    const { router } = renderApp('/notifications', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/notifications', () => [
        fakeNotification({
          isRead: true,
          postId: liked.id,
          createdAt: new Date(Date.now() - 3.5 * 86_400_000).toISOString(),
        }),
      ]),
      ...feedRoute([fakePost(), liked]),
    });

    const row = await screen.findByTestId('notification-row');
    expect(row).toHaveTextContent('3d ago');
    await userEvent.click(row);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
    expect(router.state.location.search).toEqual({ post: liked.id });
  });
});
