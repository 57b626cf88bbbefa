import type { FastifyInstance } from 'fastify';
import type Redis from 'ioredis';
import { sessionCookie } from '../../auth/session';
import { publicOrigin, type GatewayConfig } from '../../config';
import { loadRenderer } from './renderer';
import { ServerRenderedPages } from './server-rendered-pages';

/**
 * The server-rendered pages of the SPA build in SPA_DIR, listening for feed changes until the
 * gateway closes; null for a build without a server render (the shell, as before).
 */
export async function serverRenderedPages(
  fastify: FastifyInstance,
  spaDirectory: string,
  config: GatewayConfig,
  redis: Redis,
): Promise<ServerRenderedPages | null> {
  const render = loadRenderer(spaDirectory);
  if (!render) return null;
  const pages = new ServerRenderedPages(fastify, render, redis, {
    origin: publicOrigin(config),
    sessionCookie: sessionCookie(config).name,
  });
  await pages.start();
  fastify.addHook('onClose', () => pages.stop());
  return pages;
}
