import { displayName, type HiddenContent } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { formatRelativeShort } from '@/lib/time';
import { OpenPostLink } from './open-post-link';
import { TARGET_WORDS } from './report-words';

/** The posts and comments moderators hide now, each with UNHIDE (ADR 0035). */
export function HiddenContentList({
  items,
  pending,
  onUnhide,
  now,
}: {
  items: HiddenContent[];
  pending: boolean;
  onUnhide: (item: HiddenContent) => void;
  now: Date;
}) {
  return (
    <Card className="space-y-3 p-4" data-testid="hidden-content">
      <CardTitle>Hidden posts and comments</CardTitle>
      {items.length === 0 && <p className="text-sm text-muted">Nothing is hidden.</p>}
      <ul className="divide-y divide-line-soft">
        {items.map((item) => (
          <li
            key={`${item.targetType}:${item.targetId}`}
            className="flex items-start gap-3 py-2"
            data-testid="hidden-item"
            data-target-id={item.targetId}
          >
            <div className="min-w-0 flex-1">
              <Link
                to="/profile/$userId"
                params={{ userId: item.author.id }}
                className="block truncate font-bold text-ink hover:underline"
              >
                {displayName(item.author)}
              </Link>
              <p className="text-xs text-subtle">
                {TARGET_WORDS[item.targetType]} · hidden{' '}
                <time dateTime={item.hiddenAt}>{formatRelativeShort(item.hiddenAt, now)}</time>
              </p>
              {item.text !== null && (
                <p className="mt-1 line-clamp-2 text-sm break-words text-ink-soft">{item.text}</p>
              )}
              {item.postId && <OpenPostLink postId={item.postId} />}
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => onUnhide(item)}
              data-testid="moderation-unhide"
            >
              <Eye aria-hidden="true" /> UNHIDE
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
