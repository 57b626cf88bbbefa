import type { ArticleStat, BlogArticle } from '@daybreak/content';
import { Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatReadTime } from './format';

export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge variant="gold" data-testid="article-category">
      {category}
    </Badge>
  );
}

export function ReadTime({ minutes, className }: { minutes: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)} data-testid="article-read-time">
      <Clock className="size-3.5" aria-hidden="true" /> {formatReadTime(minutes)}
    </span>
  );
}

/**
 * An article's three figures. On a card only the value and label fit; the article page adds what each
 * figure means and where it comes from.
 */
export function ArticleStats({
  stats,
  detailed = false,
}: {
  stats: BlogArticle['stats'];
  detailed?: boolean;
}) {
  return (
    <dl className={cn('grid', detailed ? 'gap-3 sm:grid-cols-3 sm:gap-4' : 'grid-cols-3 gap-2')}>
      {stats.map((stat: ArticleStat) => (
        <div
          key={stat.label}
          className={cn(
            'flex-col rounded-xl bg-canvas',
            // Detailed on a phone: the value beside its label and description, to keep the three short.
            detailed
              ? 'grid grid-cols-[5.5rem_1fr] gap-x-3 p-3 ring-1 ring-line sm:flex sm:p-4'
              : 'flex items-center p-2 text-center',
          )}
          data-testid="article-stat"
        >
          <dt className={cn('order-2 font-bold text-muted', detailed ? 'text-sm sm:mt-1' : 'text-[11px]')}>
            {stat.label}
          </dt>
          <dd
            className={cn(
              'order-1 bg-gradient-to-r from-amber-500 to-orange-600 bg-clip-text font-black text-transparent',
              detailed ? 'row-span-2 self-center text-2xl sm:self-auto sm:text-3xl' : 'text-lg',
            )}
          >
            {stat.value}
          </dd>
          {detailed && (
            <dd className="order-3 mt-1 text-xs leading-snug text-subtle sm:mt-2">{stat.description}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
