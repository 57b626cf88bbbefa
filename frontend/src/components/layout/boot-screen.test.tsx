import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from './full-screen-spinner';

/** The element a piece of HTML parses to, without the whitespace between tags that formatting adds. */
function elementOf(html: string, selector: string): Element {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const blank: Text[] = [];
  while (walker.nextNode())
    if (!walker.currentNode.textContent?.trim()) blank.push(walker.currentNode as Text);
  blank.forEach((text) => text.remove());
  const element = document.querySelector(selector);
  if (!element) throw new Error(`No ${selector} in the HTML`);
  return element;
}

describe('the boot screen in index.html', () => {
  const indexHtml = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');

  it('is the screen React renders first (FullScreenSpinner), so replacing it changes nothing', () => {
    const boot = elementOf(indexHtml, '#root > *');
    const rendered = elementOf(renderToStaticMarkup(<FullScreenSpinner />), 'body > *');
    expect(boot.outerHTML).toBe(rendered.outerHTML);
  });

  it('is the only thing in #root: React replaces all of it', () => {
    expect(elementOf(indexHtml, '#root').children).toHaveLength(1);
  });
});
