import { siteOrigin } from '@/lib/site-origin';
import type { BlogArticle } from '@daybreak/content';
import { articleSharePayload, type ShareEnvironment } from '@/lib/share';
import { shareWithFeedback } from '@/lib/share-with-feedback';

export function shareArticle(
  article: Pick<BlogArticle, 'id' | 'title' | 'excerpt'>,
  env?: ShareEnvironment,
  origin: string = siteOrigin(),
): Promise<void> {
  return shareWithFeedback(
    articleSharePayload(article, origin),
    {
      copiedMessage: 'Link copied to clipboard!',
      analytics: { content_type: 'article', article_id: article.id },
    },
    env,
  );
}
