import type { Post } from '@daybreak/contracts';
import { Bird } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { hourIn, isEarlyBirdHour } from '@/lib/time';

/** Spec §4: a post created at local hour 5 to 7, in the author's own zone, is an early bird. */
export function isEarlyBirdPost(post: Pick<Post, 'createdAt' | 'timezone'>): boolean {
  return isEarlyBirdHour(hourIn(post.createdAt, post.timezone));
}

export function EarlyBirdTag({ post }: { post: Pick<Post, 'createdAt' | 'timezone'> }) {
  if (!isEarlyBirdPost(post)) return null;
  return (
    <Badge variant="sunrise" data-testid="early-bird-tag">
      <Bird className="size-3" aria-hidden="true" /> EARLY BIRD
    </Badge>
  );
}
