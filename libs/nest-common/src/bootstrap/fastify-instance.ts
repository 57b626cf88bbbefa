import type { INestApplication } from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * The Fastify instance under a Nest app (or under its HTTP adapter). Nest's adapter types it from its
 * own pinned copy of fastify; our hooks and the plugins are typed against the hoisted copy. The same
 * API, so the one cast between the two lives here.
 */
export function fastifyOf(appOrAdapter: INestApplication | AbstractHttpAdapter): FastifyInstance {
  const adapter = 'getHttpAdapter' in appOrAdapter ? appOrAdapter.getHttpAdapter() : appOrAdapter;
  return adapter.getInstance() as unknown as FastifyInstance;
}

/**
 * Photos arrive as raw bytes with whatever content type the browser gave them: at the gateway
 * (PUT /api/objects/uploads/:token, streamed on to media) and at media (which counts the bytes as
 * they stream in). Fastify would refuse a type it has no parser for (415) or read the whole body
 * first; this hands every such body to the handler unread. JSON and plain text keep Fastify's
 * parsers (and forms and multipart theirs where registered). As on Express, a body of a type nothing
 * parses (XML on a JSON route) leaves the route's body undefined, and its validation answers 400.
 */
export function leaveRawBodiesUnread(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
