import { Link } from '@tanstack/react-router';
import { Sunrise } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { loginUrl } from '@/lib/navigation';

/** Shown when the feed has no posts: an invitation to be first. */
export function EmptyFeed({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="empty-feed">
      <Sunrise className="size-12 text-accent" aria-hidden="true" />
      <h2 className="text-xl font-black tracking-tight">NO POSTS YET</h2>
      <p className="max-w-sm text-sm text-muted">
        Be the first to share your morning! The best time to post is between 5 and 7 AM.
      </p>
      {isAuthenticated ? (
        <Button asChild variant="primary">
          <Link to="/create-post">Share the first post</Link>
        </Button>
      ) : (
        // A link, so it works on a server-rendered page before the scripts have run.
        <Button asChild variant="primary">
          <a href={loginUrl('/create-post')} data-testid="empty-feed-cta">
            Join and share the first post
          </a>
        </Button>
      )}
    </Card>
  );
}
