import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module';
import type { GatewayConfig } from '../config';

export interface Route {
  method: string;
  /** OpenAPI style: `/api/posts/{id}`. */
  path: string;
  /** The controller method, to read its other metadata (e.g. its rate limit). */
  handler: (...args: unknown[]) => unknown;
  /** The controller class, to read what it declares for all its routes (e.g. its guards). */
  controller: object;
}

const asList = (value: string | string[] | undefined): string[] =>
  Array.isArray(value) ? value : [value ?? '/'];

/**
 * Every route the app's controllers declare, read from the same metadata Nest's router registers
 * them from (the gateway sets no global prefix or versions, which would add to the paths).
 */
export function gatewayRoutes(app: INestApplication): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as { prototype: Record<string, unknown> } | null;
      if (!controller) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const prefix of prefixes)
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler)))
            routes.push({
              method: RequestMethod[method].toLowerCase(),
              path: openApiPath(`${prefix}/${path}`),
              handler: handler as Route['handler'],
              controller,
            });
      }
    }
  }
  return routes;
}

function openApiPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `/${segments.map((segment) => segment.replace(/^:(\w+)$/, '{$1}')).join('/')}`;
}

/**
 * The gateway's module graph for reading its routes: `preview` builds it without creating providers,
 * so neither Redis nor the identity provider is needed.
 */
export function previewGatewayApp(): Promise<INestApplication> {
  const config = { REDIS_URL: 'redis://127.0.0.1:1', PUBLIC_URL: 'http://127.0.0.1:8080' } as GatewayConfig;
  return NestFactory.create(AppModule.forConfig(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
}
