import type { HiddenContent } from '@daybreak/contracts';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MemberNameLink } from '@/features/profile/member-name-link';
import { formatRelativeShort } from '@/lib/time';
import { ModerationPanel } from './moderation-panel';
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
    <ModerationPanel
      title="Hidden posts and comments"
      isEmpty={items.length === 0}
      emptyText="Nothing is hidden."
      testId="hidden-content"
    >
      <ul className="divide-y divide-line-soft">
        {items.map((item) => (
          <li
            key={`${item.targetType}:${item.targetId}`}
            className="flex items-start gap-3 py-2"
            data-testid="hidden-item"
            data-target-id={item.targetId}
          >
            <div className="min-w-0 flex-1">
              <MemberNameLink member={item.author} className="block" />
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
    </ModerationPanel>
  );
}
