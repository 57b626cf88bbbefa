import { BLOCKED_COMMENT_MESSAGE, BLOCKED_LIKE_MESSAGE, feedPageUrl } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakePost, fakeUser, refusal } from '@/test/fakes';
import { fakeRoute, fakeRouteAt, feedRoute, memberRoutes, safetyRoutes } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const ben = fakeUser({ firstName: 'Ben', lastName: null });
const bens = fakePost({ user: ben, content: 'Ben at dawn' });
const anas = fakePost({ user: fakeUser({ id: ana.id, firstName: 'Ana' }), content: 'Ana at dawn' });

const calledWith = (calls: { method: string; url: URL }[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path);
const cardOf = async (content: string) =>
  (await screen.findByText(content)).closest<HTMLElement>('[data-testid="post-card"]')!;

describe("a post's menu: MUTE, BLOCK and REPORT of its author (issue 42)", () => {
  it('is on other members’ posts only; MUTE asks first, mutes, says MUTED and reads the feed again', async () => {
    const lists = { blocked: [], muted: [] };
    let feedReads = 0;
    const { calls } = renderApp('/', {
      ...memberRoutes(ana),
      ...safetyRoutes(lists, [ben]),
      ...fakeRouteAt('GET /api/posts', feedPageUrl(0), () => (++feedReads > 1 ? [anas] : [bens, anas])),
    });
    const card = await cardOf('Ben at dawn');
    expect(within(await cardOf('Ana at dawn')).queryByTestId('post-menu-button')).toBeNull();

    await userEvent.click(within(card).getByTestId('post-menu-button'));
    const mute = await screen.findByTestId('post-menu-mute');
    await waitFor(() => expect(mute).not.toHaveAttribute('data-disabled'));
    expect(screen.getByTestId('post-menu-block')).toHaveTextContent('BLOCK Ben');
    await userEvent.click(mute);
    const dialog = await screen.findByTestId('mute-dialog');
    expect(dialog).toHaveTextContent("Ben's posts and comments leave your feed now");
    await userEvent.click(within(dialog).getByTestId('mute-confirm'));

    expect(await screen.findByText('Ben is muted.')).toBeInTheDocument();
    expect(calledWith(calls, 'POST', `/api/users/${ben.id}/mute`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Ben at dawn')).toBeNull());
    expect(screen.getByText('Ana at dawn')).toBeInTheDocument();
  });

  it('REPORT POST opens the reason dialog for that post', async () => {
    renderApp('/', {
      ...memberRoutes(ana),
      ...safetyRoutes({ blocked: [], muted: [] }, [ben]),
      ...feedRoute([bens, anas]),
    });
    const card = await cardOf('Ben at dawn');
    await userEvent.click(within(card).getByTestId('post-menu-button'));
    await userEvent.click(await screen.findByTestId('post-menu-report'));
    expect(await screen.findByTestId('report-dialog')).toHaveTextContent('Report this post');
  });

  it('BLOCK asks first; Cancel sends nothing; BLOCK blocks with its toast', async () => {
    const lists = { blocked: [], muted: [] };
    const { calls } = renderApp('/', {
      ...memberRoutes(ana),
      ...safetyRoutes(lists, [ben]),
      ...feedRoute([bens]),
    });
    const card = await cardOf('Ben at dawn');

    await userEvent.click(within(card).getByTestId('post-menu-button'));
    await userEvent.click(await screen.findByTestId('post-menu-block'));
    const dialog = await screen.findByTestId('block-dialog');
    expect(dialog).toHaveTextContent('BLOCK Ben?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledWith(calls, 'POST', `/api/users/${ben.id}/block`)).toEqual([]);

    await userEvent.click(within(card).getByTestId('post-menu-button'));
    await userEvent.click(await screen.findByTestId('post-menu-block'));
    await userEvent.click(await screen.findByTestId('block-confirm'));
    expect(await screen.findByText('Ben is blocked.')).toBeInTheDocument();
    expect(calledWith(calls, 'POST', `/api/users/${ben.id}/block`)).toHaveLength(1);
  });

  it('on the post page too: after a block, back to the feed (the post is not found to the blocker)', async () => {
    const { router } = renderApp(`/post/${bens.id}`, {
      ...memberRoutes(ana),
      ...safetyRoutes({ blocked: [], muted: [] }, [ben]),
      ...feedRoute([]),
      ...fakeRoute('GET /api/posts/:postId', { postId: bens.id }, () => bens),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: bens.id }, () => []),
      ...fakeRoute('GET /api/posts/:postId/badges', { postId: bens.id }, () => []),
      ...fakeRoute('GET /api/posts/:postId/like-status', { postId: bens.id }, () => ({ isLiked: false })),
    });
    const detail = await screen.findByTestId('post-detail');

    await userEvent.click(within(detail).getByTestId('post-menu-button'));
    await userEvent.click(await screen.findByTestId('post-menu-block'));
    await userEvent.click(await screen.findByTestId('block-confirm'));

    expect(await screen.findByText('Ben is blocked.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await routerSettled(router);
  });

  it('offers UNMUTE, at once, on a muted member’s post', async () => {
    const { calls } = renderApp('/', {
      ...memberRoutes(ana),
      ...safetyRoutes({ blocked: [], muted: [ben] }, [ben]),
      ...feedRoute([bens]),
    });
    await userEvent.click(within(await cardOf('Ben at dawn')).getByTestId('post-menu-button'));
    await userEvent.click(await screen.findByTestId('post-menu-unmute'));

    expect(await screen.findByText('Ben is unmuted.')).toBeInTheDocument();
    expect(calledWith(calls, 'DELETE', `/api/users/${ben.id}/mute`)).toHaveLength(1);
  });

  it("shows the server's message when a like or a comment is refused across a block", async () => {
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([bens]),
      ...fakeRoute('POST /api/posts/:postId/like', { postId: bens.id }, () =>
        refusal(403, 'LIKE.BLOCKED', BLOCKED_LIKE_MESSAGE),
      ),
      ...fakeRoute('POST /api/posts/:postId/comments', { postId: bens.id }, () =>
        refusal(403, 'COMMENT.BLOCKED', BLOCKED_COMMENT_MESSAGE),
      ),
    });
    const card = await cardOf('Ben at dawn');

    await userEvent.click(within(card).getByTestId('like-button'));
    expect(await screen.findByText(BLOCKED_LIKE_MESSAGE)).toBeInTheDocument();
    await userEvent.click(within(card).getByTestId('comment-button'));
    await userEvent.type(within(card).getByRole('textbox'), 'hello{Enter}');
    expect(await screen.findByText(BLOCKED_COMMENT_MESSAGE)).toBeInTheDocument();
  });
});
