import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser, fakePost, textResponse } from '@/test/fakes';
import { fakeRoute, feedRoute, guestRoutes, memberRoutes, sent } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser();

describe('create post page', () => {
  it('asks guests to sign in', async () => {
    renderApp('/create-post', guestRoutes);

    expect(await screen.findByTestId('sign-in-prompt')).toBeInTheDocument();
  });

  it('keeps POST disabled until there is text or a photo', async () => {
    renderApp('/create-post', memberRoutes(ana));
    const submit = await screen.findByTestId('create-post-submit');
    expect(submit).toBeDisabled();

    await userEvent.type(screen.getByTestId('create-post-input'), '   ');
    expect(submit).toBeDisabled();

    await userEvent.upload(
      screen.getByTestId('create-post-photo-input'),
      new File(['x'], 'sunrise.png', { type: 'image/png' }),
    );
    expect(await screen.findByTestId('photo-preview')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    await userEvent.click(screen.getByTestId('remove-photo'));
    expect(submit).toBeDisabled();
  });

  it("refuses a photo over 10 MB with 'File size must be less than 10MB', before sending anything", async () => {
    const { calls } = renderApp('/create-post', memberRoutes(ana));
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });

    await userEvent.upload(await screen.findByTestId('create-post-photo-input'), big);

    expect(await screen.findByText('File size must be less than 10MB')).toBeInTheDocument();
    expect(screen.queryByTestId('photo-preview')).toBeNull();
    expect(screen.getByTestId('create-post-submit')).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('celebrates a 5am post, then returns to the feed after the celebration', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const post = fakePost({ userId: ana.id, user: ana, timeClassification: '5am' });
    const { router, calls } = renderApp('/create-post', {
      ...memberRoutes(ana),
      ...feedRoute([post]),
      ...fakeRoute('POST /api/posts', () =>
        sent(
          {
            post,
            newBadges: [{ id: 'b1', name: 'First Light', emoji: '🌅', progress: 1, target: 1 }],
            nextEligibleBadges: [],
          },
          { status: 201 },
        ),
      ),
    });

    await user.type(await screen.findByTestId('create-post-input'), 'Up at 5!');
    await user.click(screen.getByTestId('create-post-submit'));

    expect(await screen.findByTestId('celebration-title')).toHaveTextContent('LEGENDARY 5AM POST!');
    expect(screen.getByText('First Light')).toBeInTheDocument();
    expect(screen.getAllByTestId('confetti-piece')).toHaveLength(50);
    const body = calls.find((call) => call.method === 'POST')?.init?.body as FormData;
    expect(body.get('content')).toBe('Up at 5!');

    await vi.advanceTimersByTimeAsync(4000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
  });

  it("says 'Failed to create post. Please try again.' when posting fails", async () => {
    renderApp('/create-post', {
      ...memberRoutes(ana),
      ...fakeRoute('POST /api/posts', () => textResponse('', 500, 'Internal Server Error')),
    });

    await userEvent.type(await screen.findByTestId('create-post-input'), 'Hello');
    await userEvent.click(screen.getByTestId('create-post-submit'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to create post. Please try again.');
    expect(screen.queryByTestId('celebration-dialog')).toBeNull();
  });
});
