import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser, fakeProfile } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana' });
const EXPIRES = '2026-12-28T05:00:00.000Z';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invite dialog: a link for many friends (ADR 0030)', () => {
  function openDialog() {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const rendered = renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(fakeProfile({ id: ana.id })),
      ...fakeRoute('POST /api/invites/generate', () => ({ inviteCode: 'SUNRISE42', expiresAt: EXPIRES })),
      ...fakeRoute('POST /api/invites/renew', () => ({ inviteCode: 'DAYBREAK7', expiresAt: EXPIRES })),
      ...fakeRoute('POST /api/invites/:code/shared', { code: 'SUNRISE42' }, () => ({ counted: true })),
    });
    return { ...rendered, writeText };
  }

  it('says until when the link works, and tells the server when the member copies it', async () => {
    const { calls } = openDialog();
    await userEvent.click(await screen.findByTestId('invite-friends-button'));
    const dialog = await screen.findByTestId('invite-dialog');

    expect(await within(dialog).findByTestId('invite-expires')).toHaveAttribute('datetime', EXPIRES);
    const shared = () => calls.filter((call) => call.url.pathname === '/api/invites/SUNRISE42/shared');
    expect(shared()).toEqual([]);

    await userEvent.click(within(dialog).getByTestId('invite-copy'));
    await waitFor(() => expect(shared()).toHaveLength(1));
    expect(shared()[0]?.method).toBe('POST');
  });

  it('makes a new link in place of the old one', async () => {
    const { writeText } = openDialog();
    await userEvent.click(await screen.findByTestId('invite-friends-button'));
    const dialog = await screen.findByTestId('invite-dialog');
    expect(await within(dialog).findByTestId('invite-code')).toHaveTextContent('SUNRISE42');

    await userEvent.click(within(dialog).getByTestId('invite-renew'));

    expect(await within(dialog).findByTestId('invite-code')).toHaveTextContent('DAYBREAK7');
    await userEvent.click(within(dialog).getByTestId('invite-copy'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/DAYBREAK7`);
  });
});
