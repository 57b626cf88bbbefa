import type { FastifyInstance } from 'fastify';

/**
 * Photos arrive (PUT /api/objects/uploads/:token) as raw bytes with whatever content type the browser
 * gave them. Fastify would refuse a type it has no parser for (415) or read the whole body first;
 * this hands every such body to the handler unread, to stream on to the media service
 * (media.controller.ts). As on Express, a body of a type nothing parses (text/plain on a JSON route)
 * leaves the route's body undefined. JSON, forms and multipart keep their parsers.
 */
export function leaveOtherBodiesUnread(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));
}
