import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { textResponse } from '@/test/fakes';
import { renderApp } from '@/test/render-app';
import { fakeRoute, feedRoute } from '@/test/gateway';

const guestWithEmptyFeed = {
  ...fakeRoute('GET /api/auth/user', () => textResponse('Unauthorized', 401, 'Unauthorized')),
  ...feedRoute([]),
};

describe('after a failed sign-in (/?login=failed)', () => {
  it('says what happened, drops the parameter from the address, and offers to try again', async () => {
    const { router } = renderApp('/?login=failed', guestWithEmptyFeed);

    const banner = await screen.findByRole('alert', { name: "SIGN-IN DIDN'T WORK" });
    expect(banner).toHaveTextContent("We couldn't sign you in.");
    await waitFor(() => expect(router.state.location.href).toBe('/'));
    expect(screen.getByTestId('sign-in-failed')).toBeInTheDocument();

    // A link to sign-in, so it works on the server-rendered page before the scripts have run.
    expect(screen.getByRole('link', { name: 'TRY AGAIN' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2F',
    );
  });

  it('comes with the address on the home screen already open, once dismissed stays away', async () => {
    const { router } = renderApp('/', guestWithEmptyFeed);
    expect(await screen.findByTestId('guest-welcome')).toBeInTheDocument();

    await router.navigate({ to: '/', search: { login: 'failed' } });

    expect(await screen.findByTestId('sign-in-failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('sign-in-failed')).not.toBeInTheDocument();
  });

  it('goes away when dismissed', async () => {
    renderApp('/?login=failed', guestWithEmptyFeed);

    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('sign-in-failed')).not.toBeInTheDocument();
  });

  it('shows nothing on a plain visit or an unknown value', async () => {
    renderApp('/?login=whatever', guestWithEmptyFeed);

    expect(await screen.findByTestId('guest-welcome')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-failed')).not.toBeInTheDocument();
  });
});
