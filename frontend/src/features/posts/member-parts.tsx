import { lazy, Suspense, type ReactNode } from 'react';

// The parts of a feed card that only some viewers see: a member's menu and report buttons, the
// author's delete buttons, the notice on what a moderator hid. Each loads when first shown, so a
// guest's first visit (the first-route budget, frontend/README.md) carries none of them. Rendered in
// `<WhenLoaded>`: a server-rendered part stays as it is until its code has arrived, and a
// client-rendered one appears then. (The comment box stays in the card: it takes the focus the moment
// a member presses Comment.)

export const PostMenu = lazy(() => import('./post-menu').then((module) => ({ default: module.PostMenu })));

export const DeletePostButton = lazy(() =>
  import('./delete-actions').then((module) => ({ default: module.DeletePostButton })),
);

export const DeleteCommentButton = lazy(() =>
  import('./delete-actions').then((module) => ({ default: module.DeleteCommentButton })),
);

export const ReportButton = lazy(() =>
  import('@/features/moderation/report-button').then((module) => ({ default: module.ReportButton })),
);

export const HiddenNotice = lazy(() =>
  import('@/features/moderation/hidden-notice').then((module) => ({ default: module.HiddenNotice })),
);

/** Shows nothing in place of a part whose code is still on its way. */
export function WhenLoaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
