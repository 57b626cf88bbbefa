import { siteOrigin } from '@/lib/site-origin';
import { postSharePayload, type ShareEnvironment } from '@/lib/share';
import { shareWithFeedback } from '@/lib/share-with-feedback';

export function sharePost(
  post: { id: string; content: string },
  env?: ShareEnvironment,
  origin: string = siteOrigin(),
): Promise<void> {
  return shareWithFeedback(
    postSharePayload(post, origin),
    {
      copiedMessage: 'Post link copied to clipboard!',
      analytics: { content_type: 'post', post_id: post.id },
    },
    env,
  );
}
