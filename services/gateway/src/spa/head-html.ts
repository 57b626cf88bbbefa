import { SERVER_HEAD_ATTRIBUTE, type HeadTag } from '@daybreak/content';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML element content and quoted attribute values alike. Post text is written into
 * these tags, so a post must never be able to close a tag or an attribute.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

/** The head tags as HTML, one a line; all but the title carry the mark the SPA removes at start. */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  const mark = SERVER_HEAD_ATTRIBUTE;
  return tags
    .map((tag) => {
      switch (tag.tag) {
        case 'title':
          return `<title>${escapeHtml(tag.text)}</title>`;
        case 'link':
          return `<link ${mark} rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}" />`;
        case 'meta': {
          const [key, name] = 'name' in tag ? ['name', tag.name] : ['property', tag.property];
          return `<meta ${mark} ${key}="${escapeHtml(name)}" content="${escapeHtml(tag.content)}" />`;
        }
      }
    })
    .join('\n    ');
}

const TITLE = /<title>[^<]*<\/title>/;

/** index.html with its `<title>` replaced by the page's tags; fails loudly on a page without one. */
export function withHeadTags(indexHtml: string, tags: readonly HeadTag[]): string {
  if (!TITLE.test(indexHtml)) throw new Error('index.html has no <title> to put the page tags in');
  // A function replacement: `$&` and the like in post text must stay literal.
  return indexHtml.replace(TITLE, () => renderHeadTags(tags));
}
