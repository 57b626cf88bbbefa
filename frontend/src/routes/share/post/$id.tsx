import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * `/share/post/{id}` is the address people share (spec §2 leaves its screen open); it opens the post.
 * Kept as its own route so shared links stay valid if the detail address ever changes.
 */
export const Route = createFileRoute('/share/post/$id')({
  beforeLoad: ({ params }) =>
    redirect({ to: '/post/$id', params: { id: params.id }, replace: true, throw: true }),
});
