import type { AccountExport } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser, fakeProfile, fakeStatistics, textResponse } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes, sent, type FakeAnswerer } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const own = fakeProfile({ id: ana.id, firstName: 'Ana', lastName: 'Early' });
const DELETE_ACCOUNT = 'DELETE /api/account' as const;
const EXPORT = 'GET /api/account/export' as const;

/** What Ana's export holds: nothing yet, as a test of the download reads only its file name. */
const emptyExport: AccountExport = {
  exportedAt: '2026-11-28T05:00:00.000Z',
  profile: { ...own, email: ana.email, followersCount: 0, followingCount: 0 },
  following: [],
  followers: [],
  blocked: [],
  muted: [],
  posts: [],
  comments: [],
  likes: [],
  badges: [],
  statistics: fakeStatistics(),
  notifications: [],
};

function openOwnProfile({
  deleteAccount,
  exportData,
}: {
  deleteAccount?: FakeAnswerer<typeof DELETE_ACCOUNT>;
  exportData?: FakeAnswerer<typeof EXPORT>;
}) {
  let signedOut = false;
  const rendered = renderApp('/profile', {
    ...memberRoutes(ana),
    // Signed out once the account is gone.
    ...fakeRoute('GET /api/auth/user', () => (signedOut ? textResponse('Unauthorized', 401) : ana)),
    ...profileRoutes(own),
    ...fakeRoute('GET /api/posts', () => []),
    ...(deleteAccount &&
      fakeRoute(DELETE_ACCOUNT, async (request) => {
        const answer = await deleteAccount(request);
        if (!(answer instanceof Response)) signedOut = true;
        return answer;
      })),
    ...(exportData && fakeRoute(EXPORT, exportData)),
  });
  const callsOf = (route: string) =>
    rendered.calls.filter(({ method, url }) => `${method} ${url.pathname}` === route);
  return { ...rendered, callsOf };
}

describe('Delete account (own profile)', () => {
  it('enables the button only once DELETE is typed, and Cancel deletes nothing', async () => {
    const { callsOf } = openOwnProfile({ deleteAccount: () => undefined });
    await userEvent.click(await screen.findByTestId('delete-account-button'));
    const dialog = await screen.findByTestId('delete-account-dialog');
    expect(dialog).toHaveTextContent('Delete your account?');
    const confirm = within(dialog).getByTestId('delete-account-confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await userEvent.clear(within(dialog).getByTestId('delete-account-input'));
    await userEvent.type(within(dialog).getByTestId('delete-account-input'), 'DELETE');
    expect(confirm).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('delete-account-dialog')).toBeNull());
    expect(callsOf(DELETE_ACCOUNT)).toHaveLength(0);
  });

  it('deletes once confirmed, with the word in the body, and lands signed out on / with a toast', async () => {
    const { callsOf, router } = openOwnProfile({ deleteAccount: () => undefined });
    await userEvent.click(await screen.findByTestId('delete-account-button'));
    await userEvent.type(await screen.findByTestId('delete-account-input'), 'DELETE');
    await userEvent.click(screen.getByTestId('delete-account-confirm'));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await routerSettled(router);
    expect(router.state.location.pathname).toBe('/');
    const [call] = callsOf(DELETE_ACCOUNT);
    expect(JSON.parse(String(call.init?.body))).toEqual({ confirm: 'DELETE' });
    expect(screen.queryByTestId('own-profile')).toBeNull();
  });

  it('says so when it failed, and stays', async () => {
    openOwnProfile({ deleteAccount: () => textResponse('Too many requests', 429, 'Too Many Requests') });
    await userEvent.click(await screen.findByTestId('delete-account-button'));
    await userEvent.type(await screen.findByTestId('delete-account-input'), 'DELETE');
    await userEvent.click(screen.getByTestId('delete-account-confirm'));
    expect(await screen.findByText('Failed to delete your account. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('delete-account-confirm')).toBeEnabled();
  });
});

describe('Download my data (own profile)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the file under the name the gateway gives', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const { callsOf } = openOwnProfile({
      exportData: () =>
        sent(emptyExport, {
          headers: { 'content-disposition': 'attachment; filename="daybreak-export-2026-11-28.json"' },
        }),
    });
    await userEvent.click(await screen.findByTestId('download-my-data'));
    await waitFor(() => expect(saved).toEqual(['daybreak-export-2026-11-28.json']));
    expect(callsOf(EXPORT)).toHaveLength(1);
  });
});
