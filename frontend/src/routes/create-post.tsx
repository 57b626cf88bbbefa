import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { CreatePostPage } from '@/features/create-post/create-post-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/create-post')({
  head: () => routeHead(pages.createPost),
  component: CreatePostPage,
});
