import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §5: an invite link without a code sends the visitor to the feed. */
export const Route = createFileRoute('/invite/')({
  beforeLoad: () => redirect({ to: '/', replace: true, throw: true }),
});
