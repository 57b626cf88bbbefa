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
  return withScriptsAfterPaint(indexHtml).replace(
    ROOT,
    (_match, end: string) =>
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${html}</div>` +
      `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>${end}`,
  );
}

/** The entry script, the route's module preloads and the API reads preloaded for the SPA. */
const FETCHED_FOR_HYDRATION =
  /<(script type="module"|link rel="modulepreload"|link rel="preload" as="fetch"|link rel="preload" href="[^"]*" as="fetch")(?![^>]*fetchpriority)/g;

/**
 * A rendered page paints from its HTML and stylesheet; its scripts and the API reads preloaded for
 * them only hydrate it. At low priority they leave a slow phone's bandwidth to the stylesheet and
 * the post's photo first (the photo's preload keeps its high priority), and Lighthouse's model no
 * longer counts them as blocking the first paint (it does every high-priority script: ADR 0032).
 */
export function withScriptsAfterPaint(indexHtml: string): string {
  return indexHtml.replace(FETCHED_FOR_HYDRATION, (_match, tag: string) => `<${tag} fetchpriority="low"`);
}
