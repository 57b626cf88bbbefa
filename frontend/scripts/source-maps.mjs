// @ts-check
// The production build publishes no source maps: a map hands anyone our original sources, comments
// and all, and names every module and function (issue 40). Vite writes none (`build.sourcemap: false`);
// this check fails the build if a map or a `sourceMappingURL` comment turns up in dist/ anyway (a
// plugin, a copied file in public/, a changed setting), since the gateway serves that folder as it is.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** A file that is a source map, or a served one that may point at one. */
const MAP_FILE = /\.map$/;
const SCRIPT_OR_STYLE = /\.(js|mjs|css)$/;
/** The comment a browser follows to fetch a map: `//# sourceMappingURL=…` or `/*# sourceMappingURL=… *\/`. */
const MAP_COMMENT = /[#@]\s*sourceMappingURL=/;

/**
 * The files of a build that publish source maps: maps themselves, and scripts or styles that
 * reference one. Empty when it publishes none.
 * @param {string} dir the build's folder (dist/)
 * @returns {string[]} each problem, naming the file relative to `dir`
 */
export function publishedSourceMaps(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8', withFileTypes: false })
    .sort()
    .flatMap((file) => {
      if (MAP_FILE.test(file)) return [`${file} is a source map`];
      if (SCRIPT_OR_STYLE.test(file) && MAP_COMMENT.test(readFileSync(path.join(dir, file), 'utf8')))
        return [`${file} has a sourceMappingURL comment`];
      return [];
    });
}
