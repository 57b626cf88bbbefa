import { pages } from '@daybreak/content';
import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/features/landing/landing-page';
import { routeHead } from '@/lib/page-head';

export const Route = createFileRoute('/landing')({
  head: () => routeHead(pages.landing),
  component: LandingPage,
});
