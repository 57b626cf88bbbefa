import { headTags, postPage, SERVER_HEAD_ATTRIBUTE } from '@daybreak/content';
import { escapeHtml, renderHeadTags, withHeadTags } from './head-html';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Daybreak</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('escapeHtml', () => {
  it('escapes the five characters that could end a text node or an attribute', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;',
    );
  });
});

describe('withHeadTags', () => {
  const hostile = `</title><script>alert(1)</script> "quoted" & 'single' $& $1`;
  const page = postPage({ id: 'p1', content: hostile, authorName: 'Ana <b>"Early"</b>', image: null });
  const html = withHeadTags(INDEX, headTags(page, 'https://daybreak.example'));

  it('replaces the title with the page tags and leaves the rest of index.html alone', () => {
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<title>Daybreak</title>');
  });

  it('escapes post text and names everywhere, so no tag or attribute can be closed early', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>');
    // The only script tag is the SPA's own.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta data-page-meta name="description" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39; $&amp; $1" />',
    );
    expect(html).toContain('<title>Ana &lt;b&gt;&quot;Early&quot;&lt;/b&gt; on Daybreak</title>');
  });

  it('marks every tag but the title for the SPA to take over', () => {
    const tags = renderHeadTags(headTags(page, 'https://daybreak.example')).split('\n');
    for (const line of tags.filter((tag) => !tag.includes('<title>'))) {
      expect(line).toContain(SERVER_HEAD_ATTRIBUTE);
    }
  });

  it('refuses an index.html without a title rather than serving a page without tags', () => {
    expect(() => withHeadTags('<html><head></head></html>', [])).toThrow(/no <title>/);
  });
});
