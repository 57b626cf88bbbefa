import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CORRELATION_HEADER, runWithContext } from './request-context';

const VALID_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The caller's correlation id (the gateway's) if it sent a valid one, else a new one. */
const adopt = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();

/**
 * Adopts the caller's correlation id (the gateway's) or starts one, and echoes it in the response,
 * as an `onRequest` hook. `adoptCallerId: false` is for the process that faces the internet (the
 * gateway): it always starts its own, so no client can choose the id our logs file its requests
 * under (one that reused another's id would mix its lines into that request's). The context it enters holds through a body's parsing to the handler, as
 * Fastify binds its body parsers' callbacks to the request's async context (the spec sends a body
 * to show it).
 */
export function correlateFastifyRequests(
  fastify: FastifyInstance,
  { adoptCallerId = true }: { adoptCallerId?: boolean } = {},
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const correlationId = adoptCallerId ? adopt(request.headers[CORRELATION_HEADER]) : randomUUID();
    // On the raw response, so answers written past Fastify's reply (an event stream, a redirect by
    // passport, a proxied image) carry it too; Fastify merges it with its own headers.
    reply.raw.setHeader(CORRELATION_HEADER, correlationId);
    runWithContext({ correlationId }, done);
  });
}
