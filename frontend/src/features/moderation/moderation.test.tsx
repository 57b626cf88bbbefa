import { SUSPENDED_MESSAGE, type HiddenContent, type ReportGroup } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakeProfile, fakeUser } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes, safetyRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });
const mona = fakeCurrentUser({ firstName: 'Mona', lastName: 'Moderator', isModerator: true });
const ben = fakeUser({ firstName: 'Ben', lastName: null });

const group: ReportGroup = {
  reportId: '00000000-0000-4000-8000-0000000000aa',
  targetType: 'post',
  targetId: '00000000-0000-4000-8000-0000000000bb',
  target: { ...ben, isSuspended: false },
  text: 'Cheap sunrises, DM me',
  imageUrl: null,
  postId: '00000000-0000-4000-8000-0000000000bb',
  count: 2,
  reasons: { spam: 1, harassment: 1 },
  firstReportedAt: new Date().toISOString(),
  reports: [
    {
      id: 'r1',
      reason: 'spam',
      details: 'Same ad everywhere',
      createdAt: new Date().toISOString(),
      reporter: fakeUser(),
    },
  ],
};

const hiddenComment: HiddenContent = {
  targetType: 'comment',
  targetId: '00000000-0000-4000-8000-0000000000cc',
  author: ben,
  text: 'You again?',
  imageUrl: null,
  postId: '00000000-0000-4000-8000-0000000000dd',
  hiddenAt: new Date().toISOString(),
};

const moderationRoutes = () => ({
  ...fakeRoute('GET /api/moderation/reports', () => [group]),
  ...fakeRoute('GET /api/moderation/suspended', () => []),
  ...fakeRoute('GET /api/moderation/hidden', () => [hiddenComment]),
  ...fakeRoute('GET /api/moderation/audit', () => []),
  ...fakeRoute(
    'POST /api/moderation/comments/:commentId/unhide',
    { commentId: hiddenComment.targetId },
    () => ({ isHidden: false as const }),
  ),
  ...fakeRoute('POST /api/moderation/reports/:reportId/resolve', { reportId: group.reportId }, () => ({
    resolved: 2,
    suspendedUserId: null,
  })),
});

describe('/moderation', () => {
  it('is the 404 screen to a member who is not a moderator, and asks the API nothing', async () => {
    const { calls } = renderApp('/moderation', { ...memberRoutes(ana), ...moderationRoutes() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/moderation'))).toEqual([]);
  });

  it('shows a moderator the reports by target, and HIDE resolves the group', async () => {
    const { calls } = renderApp('/moderation', { ...memberRoutes(mona), ...moderationRoutes() });
    const card = await screen.findByTestId('report-group');
    expect(card).toHaveTextContent('Cheap sunrises, DM me');
    expect(card).toHaveTextContent('2 reports');
    expect(card).toHaveTextContent('Spam × 1');
    expect(card).toHaveTextContent('Same ad everywhere');

    await userEvent.click(within(card).getByTestId('moderation-hide'));

    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.method === 'POST')
          .map((call) => [call.url.pathname, JSON.parse(String(call.init?.body))]),
      ).toEqual([[`/api/moderation/reports/${group.reportId}/resolve`, { action: 'hide' }]]),
    );
    expect(await screen.findByText('Hidden from everyone but its author.')).toBeInTheDocument();
  });

  it("asks before SUSPEND: Cancel sends nothing, the dialog's SUSPEND resolves the group", async () => {
    const { calls } = renderApp('/moderation', { ...memberRoutes(mona), ...moderationRoutes() });
    const posts = () => calls.filter((call) => call.method === 'POST');
    await userEvent.click(
      within(await screen.findByTestId('report-group')).getByTestId('moderation-suspend'),
    );
    const dialog = await screen.findByTestId('suspend-dialog');
    expect(dialog).toHaveTextContent('SUSPEND Ben?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('suspend-dialog')).not.toBeInTheDocument());
    expect(posts()).toEqual([]);

    await userEvent.click(screen.getByTestId('moderation-suspend'));
    await userEvent.click(await screen.findByTestId('suspend-confirm'));

    await waitFor(() =>
      expect(posts().map((call) => JSON.parse(String(call.init?.body)))).toEqual([{ action: 'suspend' }]),
    );
    expect(await screen.findByText('Member suspended and signed out.')).toBeInTheDocument();
  });

  it('lists what is hidden, and UNHIDE shows it again', async () => {
    const { calls } = renderApp('/moderation', { ...memberRoutes(mona), ...moderationRoutes() });
    const item = await screen.findByTestId('hidden-item');
    expect(item).toHaveTextContent('Ben');
    expect(item).toHaveTextContent('comment · hidden');
    expect(item).toHaveTextContent('You again?');

    await userEvent.click(within(item).getByTestId('moderation-unhide'));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
        `/api/moderation/comments/${hiddenComment.targetId}/unhide`,
      ]),
    );
    expect(await screen.findByText("Ben's comment is visible again.")).toBeInTheDocument();
  });
});

describe('a suspended member', () => {
  it('is told across the top why their writes are refused', async () => {
    renderApp('/moderation', { ...memberRoutes({ ...ana, isSuspended: true }) });
    expect(await screen.findByTestId('suspended-notice')).toHaveTextContent(SUSPENDED_MESSAGE);
  });
});

describe('REPORT', () => {
  it('reports another member from their profile: a reason, details, confirm and a toast', async () => {
    const cara = fakeProfile({ firstName: 'Cara', lastName: null });
    const { calls } = renderApp(`/profile/${cara.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(cara),
      ...safetyRoutes({ blocked: [], muted: [] }, [cara]),
      ...fakeRoute('POST /api/reports', () => ({ id: 'report-1' })),
    });
    await userEvent.click(await screen.findByTestId('report-user-button'));
    const dialog = await screen.findByTestId('report-dialog');
    expect(dialog).toHaveTextContent('Report this member');
    expect(within(dialog).getByTestId('report-confirm')).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText(/Harassment/));
    await userEvent.type(within(dialog).getByTestId('report-details'), 'Mean comments');
    await userEvent.click(within(dialog).getByTestId('report-confirm'));

    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/reports');
    expect(sent.map((call) => JSON.parse(String(call.init?.body)))).toEqual([
      { targetType: 'user', targetId: cara.id, reason: 'harassment', details: 'Mean comments' },
    ]);
  });
});
