import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { IDENTITY_HEADER } from '@daybreak/nest-common';
import type { RunningService } from '@daybreak/messaging';
import { asViewer } from './identity';

export interface HttpRoute {
  method: string;
  path: string;
}

/** Routes any service may serve without the gateway's token: the probes (metrics is middleware, not a route). */
const PUBLIC_ROUTES = ['GET /health/live', 'GET /health/ready'];

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every HTTP route the app's router holds, as Nest registered them from its controllers. */
export function httpRoutes(app: INestApplication): HttpRoute[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods)
          .filter((method) => method !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: route.path }))
      : [],
  );
}

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
