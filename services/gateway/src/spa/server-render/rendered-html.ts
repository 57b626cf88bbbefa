import { SERVER_RENDERED_ATTRIBUTE, SERVER_STATE_ID } from '@daybreak/content';
import type { RenderedBody } from './server-rendered-pages';

/** index.html's #root with the boot screen in it, up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * index.html with the server's render in #root in place of the boot screen, and the data it was
 * rendered from after it, as JSON in a script element the browser does not run (`state` arrives
 * escaped for it: entry-server.tsx). Fails loudly on an index.html without a #root.
 */
export function withRenderedRoot(indexHtml: string, { html, state }: RenderedBody): string {
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no <div id="root"> to render the page in');
  return indexHtml.replace(
    ROOT,
    (_match, end: string) =>
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${html}</div>` +
      `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>${end}`,
  );
}
