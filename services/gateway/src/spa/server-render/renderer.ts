import { existsSync } from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';

/**
 * What frontend/src/entry-server.tsx exports (built by frontend/vite.ssr.config.ts into the SPA's
 * `.server/` folder). Declared here, not imported: the gateway loads whatever build SPA_DIR holds.
 */
export interface RenderRequest {
  url: string;
  origin: string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}
export type RenderResult = { kind: 'page'; html: string; state: string } | { kind: 'shell' };
export type Render = (request: RenderRequest) => Promise<RenderResult>;
/** Whether a path is one of the SPA's routes, as its router matches them (`isRoute`). */
export type IsRoute = (pathname: string) => boolean;

/** Where the SPA build keeps its server render: a dot folder, which the gateway never serves. */
export const RENDERER_FILE = path.join('.server', 'entry-server.cjs');

const logger = new Logger('ServerRender');

/**
 * The SPA build's render function, or null for a build without one (an older build, a test's
 * fixture): its pages then go out as the shell, as before server rendering.
 */
export function loadRenderer(spaDirectory: string): Render | null {
  const file = path.resolve(spaDirectory, RENDERER_FILE);
  const loaded = serverBundle(file);
  if (!loaded) {
    logger.warn(`No server render in the SPA build (${file}): pages go out as the shell`);
    return null;
  }
  if (typeof loaded.render !== 'function') throw new Error(`${file} exports no render function`);
  return loaded.render as Render;
}

/**
 * The SPA build's route matcher, or null for a build without one (an older build, a test's
 * fixture): every path is then taken for a route, as before the gateway answered 404s.
 */
export function loadRouteMatcher(spaDirectory: string): IsRoute | null {
  const isRoute = serverBundle(path.resolve(spaDirectory, RENDERER_FILE))?.isRoute;
  return typeof isRoute === 'function' ? (isRoute as IsRoute) : null;
}

/** The build's server bundle (required once: Node keeps it), or null when the build has none. */
function serverBundle(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file of the build, by path
  return require(file) as Record<string, unknown>;
}
