import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, textResponse } from '@/test/fakes';
import { fakeRoute, guestRoutes, memberRoutes, pending, type Answered } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';
import { inviterName } from './invite-page';

const cleo = fakeCurrentUser({ firstName: 'Cleo' });
const inviter = {
  profileName: null,
  firstName: 'Ana',
  lastName: 'Early',
  profileImageUrl: null,
  streakCount: 4,
  isCurrentUser: false,
};
const lookup = { ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () => ({ inviter })) };

describe('inviterName', () => {
  it('uses profileName, then first plus last, then first, then Someone', () => {
    expect(inviterName({ ...inviter, profileName: 'Dawn' })).toBe('Dawn');
    expect(inviterName(inviter)).toBe('Ana Early');
    expect(inviterName({ ...inviter, lastName: null })).toBe('Ana');
    expect(inviterName({ ...inviter, firstName: null, lastName: null })).toBe('Someone');
  });
});

describe('/invite/{code}', () => {
  it('sends a missing code to /', async () => {
    const { router } = renderApp('/invite', guestRoutes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
  });

  it('shows a skeleton while validating, without the full-screen auth spinner', async () => {
    const answer = pending<Answered<'GET /api/invites/:code'>>();
    renderApp('/invite/CODE1234', {
      ...fakeRoute('GET /api/auth/user', () => new Promise(() => undefined)),
      ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () => answer.promise),
    });
    expect(await screen.findByTestId('invite-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('auth-loading')).toBeNull();
  });

  it("shows the generic landing with 'Invalid or expired invite link' for an unknown code", async () => {
    renderApp('/invite/NOPE', {
      ...guestRoutes,
      ...fakeRoute('GET /api/invites/:code', { code: 'NOPE' }, () =>
        textResponse('{"message":"Invite not found"}', 404, 'Not Found'),
      ),
    });
    expect(await screen.findByTestId('invite-invalid')).toHaveTextContent('JOIN THE REVOLUTION');
    expect(await screen.findByText('Invalid or expired invite link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
  });

  it("says 'Failed to validate invite link' when the lookup never got through", async () => {
    renderApp('/invite/CODE1234', {
      ...guestRoutes,
      ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () =>
        Promise.reject(new TypeError('Failed to fetch')),
      ),
    });
    expect(await screen.findByText('Failed to validate invite link')).toBeInTheDocument();
    expect(screen.getByTestId('invite-invalid')).toBeInTheDocument();
  });

  it('asks a guest to SIGN IN TO JOIN, returning to the invite', async () => {
    renderApp('/invite/CODE1234', { ...guestRoutes, ...lookup });

    expect(await screen.findByTestId('invite-title')).toHaveTextContent('Ana Early INVITED YOU TO JOIN');
    expect(screen.getByTestId('inviter-streak')).toHaveTextContent('4 DAY STREAK');
    expect(screen.getByTestId('maybe-later')).toHaveAttribute('href', '/');
    // A link to sign-in, so it works on the server-rendered invite before the scripts have run.
    expect(await screen.findByRole('link', { name: 'SIGN IN TO JOIN' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Finvite%2FCODE1234',
    );
  });

  it('hides the streak badge at 0', async () => {
    renderApp('/invite/CODE1234', {
      ...guestRoutes,
      ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () => ({
        inviter: { ...inviter, streakCount: 0 },
      })),
    });
    expect(await screen.findByTestId('invite-title')).toBeInTheDocument();
    expect(screen.queryByTestId('inviter-streak')).toBeNull();
  });

  it('accepts (JOINING... while pending), welcomes the member and goes home', async () => {
    const answer = pending<Answered<'POST /api/invites/:code/accept'>>();
    const { router } = renderApp('/invite/CODE1234', {
      ...memberRoutes(cleo),
      ...lookup,
      ...fakeRoute('POST /api/invites/:code/accept', { code: 'CODE1234' }, () => answer.promise),
    });
    const accept = await screen.findByTestId('accept-invite');
    await userEvent.click(accept);
    expect(accept).toHaveTextContent('JOINING...');
    expect(accept).toBeDisabled();

    answer.resolve(undefined);
    expect(
      await screen.findByText("You're now following each other. Start sharing your morning journey!"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
  });

  it('shows the inviter their own link as theirs, with no ACCEPT INVITE', async () => {
    const { calls } = renderApp('/invite/CODE1234', {
      ...memberRoutes(cleo),
      ...fakeRoute('GET /api/invites/:code', { code: 'CODE1234' }, () => ({
        inviter: { ...inviter, isCurrentUser: true },
      })),
    });

    expect(await screen.findByTestId('invite-title')).toHaveTextContent('THIS IS YOUR INVITE LINK');
    expect(screen.queryByTestId('accept-invite')).toBeNull();
    expect(screen.getByTestId('own-invite-back')).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.pathname.endsWith('/accept'))).toBe(false);
  });

  it('still welcomes the member and goes home when accepting fails', async () => {
    const { router } = renderApp('/invite/CODE1234', {
      ...memberRoutes(cleo),
      ...lookup,
      ...fakeRoute('POST /api/invites/:code/accept', { code: 'CODE1234' }, () =>
        textResponse('{"message":"own code"}', 400, 'Bad Request'),
      ),
    });
    await userEvent.click(await screen.findByTestId('accept-invite'));

    expect(
      await screen.findByText("You've joined the community! Start sharing your morning journey."),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
  });
});
