import { SUSPENDED_MESSAGE } from '@daybreak/contracts';
import type { FastifyInstance } from 'fastify';
import { isApiPath, routedUrl } from '../security/api-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a suspended member may still change: leaving (signing out, everywhere, deleting the account)
 * and their notifications' read marks and push devices. Everything else that writes is refused,
 * routes added later included, so a new write can't forget the check.
 */
const STILL_ALLOWED = [
  /^\/api\/logout$/,
  /^\/api\/sessions\//,
  /^\/api\/account$/,
  /^\/api\/notifications\//,
];

/**
 * Issue 42: a suspended member reads but does not post, like, comment, follow or report (ADR 0025).
 * Sign-in marks the session (a suspension ends every session of the member, so each one they hold
 * was made knowing); a hook, so no route runs for them and no service is called.
 */
export function refuseSuspendedWrites(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.session?.suspended || !isApiPath(request.url))
      return done();
    const path = routedUrl(request.url).split('?')[0];
    if (STILL_ALLOWED.some((allowed) => allowed.test(path))) return done();
    void reply.code(403).send({ statusCode: 403, code: 'ACCOUNT.SUSPENDED', message: SUSPENDED_MESSAGE });
  });
}
