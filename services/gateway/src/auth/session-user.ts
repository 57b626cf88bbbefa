import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import { UnauthorizedError, currentContext } from '@daybreak/nest-common';
import type { SessionData } from 'express-session';
import type { FastifyRequest } from 'fastify';

/**
 * The id of the session a request came with: express-session's `sessionID`, which SessionReads sets
 * too. Undefined for a request that read no session.
 */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return (request.raw as { sessionID?: string }).sessionID;
}

/** The signed-in member's id, or null. */
export function sessionUserId(req: { session?: Partial<SessionData> }): string | null {
  const userId: unknown = req.session?.userId;
  return typeof userId === 'string' && userId.length > 0 ? userId : null;
}

/** `@SessionUser() userId: string | null` — the signed-in member's id, or null. */
export const SessionUser = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  sessionUserId(context.switchToHttp().getRequest<FastifyRequest>()),
);

/** Lets only signed-in members through: 401 `AUTH.UNAUTHORIZED` otherwise. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const userId = sessionUserId(context.switchToHttp().getRequest<FastifyRequest>());
    if (!userId) throw new UnauthorizedError();
    // Log lines for the rest of this request carry who made it.
    const requestContext = currentContext();
    if (requestContext) requestContext.userId = userId;
    return true;
  }
}
