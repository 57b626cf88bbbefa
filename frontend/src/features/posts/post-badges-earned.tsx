import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { postBadgesQueryOptions } from './queries';

/** The badges a post earned, on its page; nothing while they load or when there are none. */
export function PostBadgesEarned({ postId }: { postId: string }) {
  const badges = useQuery(postBadgesQueryOptions(postId));

  if (!badges.data || badges.data.length === 0) return null;
  return (
    <section className="px-5 pb-4" aria-label="Badges earned with this post" data-testid="post-badges">
      <h2 className="mb-2 text-xs font-black tracking-widest text-subtle">BADGES EARNED</h2>
      <div className="flex flex-wrap gap-2">
        {badges.data.map((badge) => (
          <Badge
            key={badge.id}
            variant="gold"
            title={badge.description}
            size="md"
            data-testid="post-badge"
            data-badge-id={badge.id}
          >
            <span aria-hidden="true">{badge.emoji || badge.icon}</span> {badge.name}
          </Badge>
        ))}
      </div>
    </section>
  );
}
