import { siteOrigin } from '@/lib/site-origin';
import { headTags, type PageMeta } from '@daybreak/content';

type MetaEntry =
  { title: string } | { name: string; content: string } | { property: string; content: string };

/**
 * A route's `head` option from its page metadata (spec §3): the same tags the gateway writes for
 * crawlers, with absolute URLs on this origin. `<HeadContent />` in the root route renders them.
 */
export function routeHead(meta: PageMeta, origin: string = siteOrigin()) {
  const entries: MetaEntry[] = [];
  const links: { rel: string; href: string }[] = [];
  const articleTags: string[] = [];
  for (const tag of headTags(meta, origin)) {
    if (tag.tag === 'title') entries.push({ title: tag.text });
    else if (tag.tag === 'link') links.push({ rel: tag.rel, href: tag.href });
    else if ('property' in tag && tag.property === 'article:tag') articleTags.push(tag.content);
    else {
      const { tag: _kind, ...attributes } = tag;
      entries.push(attributes);
    }
  }
  // The router keeps one meta tag per name or property, so the article's tags share one.
  if (articleTags.length > 0) entries.push({ property: 'article:tag', content: articleTags.join(', ') });
  return { meta: entries, links };
}
