import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { NotFoundError, currentContext } from '@daybreak/nest-common';
import type { FastifyRequest } from 'fastify';
import { Moderators } from './moderators';
import { sessionUserId } from './session-user';

/** What everyone but a moderator gets from a moderation route: there is no such thing (issue 42). */
export class NotFoundForMembersError extends NotFoundError {
  constructor() {
    super('NOT_FOUND', 'Not found');
  }
}

/**
 * Lets only moderators through, asking again on every request (a revoked moderator is refused at
 * once); guests and other members get 404, as for a route that does not exist.
 */
@Injectable()
export class ModeratorGuard implements CanActivate {
  constructor(private readonly moderators: Moderators) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const userId = sessionUserId(request);
    if (!userId || !(await this.moderators.isModerator(request.session?.moderatorEmail)))
      throw new NotFoundForMembersError();
    const requestContext = currentContext();
    if (requestContext) requestContext.userId = userId;
    return true;
  }
}
