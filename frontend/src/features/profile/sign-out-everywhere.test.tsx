import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '@/lib/navigation';
import { fakeCurrentUser, fakeProfile, textResponse } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes, type FakeAnswerer } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  hardNavigate: vi.fn(),
}));

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const own = fakeProfile({ id: ana.id, firstName: 'Ana', lastName: 'Early' });
const REVOKE_ALL = 'POST /api/sessions/revoke-all' as const;

function openOwnProfile(revokeAll: FakeAnswerer<typeof REVOKE_ALL>) {
  return renderApp('/profile', {
    ...memberRoutes(ana),
    ...profileRoutes(own),
    ...fakeRoute(REVOKE_ALL, revokeAll),
  });
}

const revokeCalls = (calls: { method: string; url: URL }[]) =>
  calls.filter(({ method, url }) => `${method} ${url.pathname}` === REVOKE_ALL);

describe('Sign out everywhere (own profile)', () => {
  beforeEach(() => vi.mocked(hardNavigate).mockClear());

  it('asks first, and Cancel ends nothing', async () => {
    const { calls } = openOwnProfile(() => undefined);
    await userEvent.click(await screen.findByTestId('sign-out-everywhere-button'));
    const dialog = await screen.findByTestId('sign-out-everywhere-dialog');
    expect(dialog).toHaveTextContent('Sign out everywhere?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('sign-out-everywhere-dialog')).toBeNull());
    expect(revokeCalls(calls)).toHaveLength(0);
  });

  it('ends every session once confirmed, then reloads the app signed out', async () => {
    const { calls } = openOwnProfile(() => undefined);
    await userEvent.click(await screen.findByTestId('sign-out-everywhere-button'));
    await userEvent.click(await screen.findByTestId('sign-out-everywhere-confirm'));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    expect(revokeCalls(calls)).toHaveLength(1);
  });

  it('says so when it failed, and stays', async () => {
    openOwnProfile(() => textResponse('Too many requests', 429, 'Too Many Requests'));
    await userEvent.click(await screen.findByTestId('sign-out-everywhere-button'));
    await userEvent.click(await screen.findByTestId('sign-out-everywhere-confirm'));
    expect(await screen.findByText('Failed to sign out everywhere. Please try again.')).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(screen.getByTestId('sign-out-everywhere-confirm')).toBeEnabled();
  });
});
