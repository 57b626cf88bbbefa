import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

// A module of its own: the route's pending component loads with the first route, the page does not.
export function PostDetailSkeleton() {
  return (
    <div
      role="status"
      className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6"
      aria-busy="true"
      aria-label="Loading post"
    >
      <Skeleton className="h-4 w-28" />
      <Card className="space-y-4 p-5">
        <div className="flex items-center gap-3">
          <Skeleton rounded="full" className="size-16" />
          <div className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </Card>
    </div>
  );
}
