import { BLOCKED_FOLLOW_MESSAGE, BLOCKED_INVITE_MESSAGE } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakeProfile, fakeUser, refusal } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes, safetyRoutes } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });

const calledWith = (calls: { method: string; url: URL }[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path);

describe("another member's profile: BLOCK and MUTE", () => {
  const ben = fakeProfile({ firstName: 'Ben', lastName: null });

  it('asks before blocking; Cancel sends nothing; BLOCK blocks, says BLOCKED and offers UNBLOCK', async () => {
    const lists = { blocked: [], muted: [] };
    const { calls } = renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...safetyRoutes(lists, [ben]),
    });
    const block = await screen.findByTestId('block-button');
    await waitFor(() => expect(block).toBeEnabled());

    await userEvent.click(block);
    const dialog = await screen.findByTestId('block-dialog');
    expect(dialog).toHaveTextContent('BLOCK Ben?');
    expect(dialog).toHaveTextContent(/stop following each other/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledWith(calls, 'POST', `/api/users/${ben.id}/block`)).toEqual([]);

    await userEvent.click(screen.getByTestId('block-button'));
    await userEvent.click(await screen.findByTestId('block-confirm'));

    expect(await screen.findByText('BLOCKED')).toBeInTheDocument();
    expect(screen.getByText('Ben is blocked.')).toBeInTheDocument();
    expect(calledWith(calls, 'POST', `/api/users/${ben.id}/block`)).toHaveLength(1);
    expect(await screen.findByTestId('unblock-button')).toHaveTextContent('UNBLOCK');
    expect(screen.queryByTestId('block-dialog')).toBeNull();
  });

  it('mutes after asking, then UNMUTE lifts it at once with UNMUTED', async () => {
    const lists = { blocked: [], muted: [] };
    const { calls } = renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...safetyRoutes(lists, [ben]),
    });
    const mute = await screen.findByTestId('mute-button');
    await waitFor(() => expect(mute).toBeEnabled());

    await userEvent.click(mute);
    const muteDialog = await screen.findByTestId('mute-dialog');
    expect(muteDialog).toHaveTextContent(/Ben is not told/);
    // What a mute does: Ben's posts leave the feed at once (ADR 0024), and he stops notifying.
    expect(muteDialog).toHaveTextContent(/Ben's posts and comments leave your feed now/);
    expect(muteDialog).toHaveTextContent(/nothing Ben does notifies you/);
    await userEvent.click(screen.getByTestId('mute-confirm'));
    expect(await screen.findByText('MUTED')).toBeInTheDocument();

    await userEvent.click(await screen.findByTestId('unmute-button'));
    expect(await screen.findByText('UNMUTED')).toBeInTheDocument();
    expect(calledWith(calls, 'DELETE', `/api/users/${ben.id}/mute`)).toHaveLength(1);
    expect(await screen.findByTestId('mute-button')).toBeInTheDocument();
  });

  it('shows UNBLOCK when already blocked, and the server’s message when a follow is refused', async () => {
    renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...safetyRoutes({ blocked: [ben], muted: [] }, [ben]),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () =>
        refusal(403, 'FOLLOW.BLOCKED', BLOCKED_FOLLOW_MESSAGE),
      ),
    });

    expect(await screen.findByTestId('unblock-button')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('follow-button'));

    expect(await screen.findByText(BLOCKED_FOLLOW_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the dialog open and shows the message when blocking fails', async () => {
    renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...safetyRoutes({ blocked: [], muted: [] }, []),
      ...fakeRoute('POST /api/users/:userId/block', { userId: ben.id }, () =>
        refusal(404, 'USER.NOT_FOUND', 'User not found'),
      ),
    });
    const block = await screen.findByTestId('block-button');
    await waitFor(() => expect(block).toBeEnabled());
    await userEvent.click(block);
    await userEvent.click(await screen.findByTestId('block-confirm'));

    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByTestId('block-dialog')).toBeInTheDocument();
  });
});

describe('own profile: Blocked and muted', () => {
  const own = fakeProfile({ id: ana.id, firstName: 'Ana', lastName: 'Early' });

  it('lists the blocked and muted members with UNBLOCK and UNMUTE, which lift them', async () => {
    const [ben, cat] = [
      fakeUser({ firstName: 'Ben', lastName: null }),
      fakeUser({ profileName: 'cat_at_5' }),
    ];
    const lists = { blocked: [ben], muted: [cat] };
    const { calls } = renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...safetyRoutes(lists, [ben, cat]),
    });

    const section = await screen.findByTestId('blocked-and-muted');
    expect(within(section).getByRole('heading', { name: 'Blocked and muted' })).toBeInTheDocument();
    const blockedRow = await within(section).findByTestId('block-row');
    expect(blockedRow).toHaveTextContent('Ben');
    expect(await within(section).findByTestId('mute-row')).toHaveTextContent('cat_at_5');

    await userEvent.click(within(blockedRow).getByRole('button', { name: 'UNBLOCK Ben' }));

    expect(await screen.findByText('UNBLOCKED')).toBeInTheDocument();
    expect(calledWith(calls, 'DELETE', `/api/users/${ben.id}/block`)).toHaveLength(1);
    await waitFor(() => expect(within(section).queryByTestId('block-row')).toBeNull());
    await userEvent.click(within(section).getByRole('button', { name: 'UNMUTE cat_at_5' }));
    expect(await within(section).findByTestId('blocked-and-muted-empty')).toHaveTextContent(
      "You haven't blocked or muted anyone.",
    );
  });

  it('offers no BLOCK or MUTE on the own profile', async () => {
    renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...safetyRoutes({ blocked: [], muted: [] }, []),
    });
    expect(await screen.findByTestId('blocked-and-muted-empty')).toBeInTheDocument();
    expect(screen.queryByTestId('block-button')).toBeNull();
    expect(screen.queryByTestId('mute-button')).toBeNull();
  });
});

describe('an invite across a block', () => {
  it("shows the server's message instead of the welcome", async () => {
    const inviter = {
      profileName: null,
      firstName: 'Ben',
      lastName: null,
      profileImageUrl: null,
      streakCount: 0,
      isCurrentUser: false,
    };
    const { router } = renderApp('/invite/CODE1234', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () => ({ inviter })),
      ...fakeRoute('POST /api/invites/:code/accept', { code: 'CODE1234' }, () =>
        refusal(403, 'INVITE.BLOCKED', BLOCKED_INVITE_MESSAGE),
      ),
    });
    await userEvent.click(await screen.findByTestId('accept-invite'));

    expect(await screen.findByText('INVITE REFUSED')).toBeInTheDocument();
    expect(screen.getByText(BLOCKED_INVITE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Welcome to Daybreak!')).toBeNull();
    await routerSettled(router);
  });
});
