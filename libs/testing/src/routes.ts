import { randomUUID } from 'node:crypto';
import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IDENTITY_HEADER } from '@daybreak/nest-common';
import type { RunningService } from '@daybreak/messaging';
import { asViewer } from './identity';

export interface HttpRoute {
  method: string;
  path: string;
}

/** Routes any service may serve without the gateway's token: the probes (metrics is a hook, not a route). */
const PUBLIC_ROUTES = ['GET /health/live', 'GET /health/ready'];

/**
 * Every HTTP route the app's controllers declare, read from Nest's own metadata (what its router
 * registers with the HTTP adapter, Fastify or Express alike).
 */
export function httpRoutes(app: INestApplication): HttpRoute[] {
  const controllers = [...app.get(ModulesContainer).values()].flatMap((module) => [
    ...module.controllers.values(),
  ]);
  return controllers.flatMap(({ metatype }) => {
    const prototype = (metatype as Type<unknown>).prototype as Record<string, unknown>;
    const prefixes = pathsOf(metatype);
    return Object.getOwnPropertyNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      const method =
        typeof handler === 'function' ? Reflect.getMetadata(METHOD_METADATA, handler) : undefined;
      if (method === undefined) return [];
      return prefixes.flatMap((prefix) =>
        pathsOf(handler).map((path) => ({
          method: RequestMethod[method as RequestMethod],
          path: `/${[prefix, path]
            .flatMap((part) => part.split('/'))
            .filter(Boolean)
            .join('/')}`,
        })),
      );
    });
  });
}

/** The path or paths `@Controller()` or a route decorator gave `target` ('' when none). */
const pathsOf = (target: unknown): string[] => {
  const paths = Reflect.getMetadata(PATH_METADATA, target as object) as string | string[] | undefined;
  return Array.isArray(paths) ? paths : [paths ?? ''];
};

/** A concrete URL path for a route: each `:param` becomes a uuid (ids are uuids everywhere). */
const concrete = (path: string): string => path.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());

/**
 * Calls every route of `service` without an identity token, and with a member's token made for
 * another service, and returns the routes that did not answer 401, besides the health probes. A
 * route added without the guard shows up here; the caller expects an empty list.
 */
export async function routesOpenWithoutIdentity(
  service: RunningService,
  name: string,
): Promise<{ routes: HttpRoute[]; open: string[] }> {
  const routes = httpRoutes(service.app).filter(
    (route) => !PUBLIC_ROUTES.includes(`${route.method} ${route.path}`),
  );
  const foreign = asViewer(name === 'posts' ? 'social' : 'posts', randomUUID())[IDENTITY_HEADER];
  const open: string[] = [];
  for (const route of routes) {
    for (const [label, headers] of [
      ['no token', {}],
      ['a token for another service', { [IDENTITY_HEADER]: foreign }],
    ] as const) {
      const response = await fetch(new URL(concrete(route.path), service.url), {
        method: route.method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
      });
      await response.arrayBuffer();
      if (response.status !== 401)
        open.push(`${route.method} ${route.path} with ${label}: ${response.status}`);
    }
  }
  return { routes, open };
}
