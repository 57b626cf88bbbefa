import { Card } from '@/components/ui/card';
import { BackToFeed } from './back-to-feed';

export function PostNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <BackToFeed />
      <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center" data-testid="post-not-found">
        <h1 className="text-2xl font-black tracking-tight">POST NOT FOUND</h1>
        <p className="text-sm text-muted">This post may have been removed, or the link is wrong.</p>
      </Card>
    </div>
  );
}
