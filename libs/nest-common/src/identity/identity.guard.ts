import { CanActivate, ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingHttpHeaders } from 'node:http';
import { UnauthorizedError } from '../errors/domain-error';
import { currentContext } from '../logging/request-context';
import { IDENTITY_HEADER, Viewer, identityAudience, verifyIdentityToken } from './identity-token';

const PUBLIC_ROUTE = 'daybreak:public-route';

/** Marks a route that needs no gateway token (health probes). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

/** A request as the guard reads it, on either HTTP adapter (Fastify's or Express'). */
type RequestWithViewer = { headers: IncomingHttpHeaders; viewer?: Viewer };

/**
 * Services are reachable only through the gateway: every request must carry a valid identity token
 * that the gateway signed for this service. A guest's token has no subject; a member's carries their id.
 */
export class IdentityGuard implements CanActivate {
  private readonly audience: string;

  constructor(
    private readonly reflector: Reflector,
    /** The gateway's public key: it verifies tokens and can't make them. */
    private readonly publicKey: string,
    service: string,
  ) {
    this.audience = identityAudience(service);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<RequestWithViewer>();
    const viewer = verifyIdentityToken(
      firstValue(request.headers[IDENTITY_HEADER]),
      this.publicKey,
      this.audience,
    );
    if (!viewer)
      throw new UnauthorizedError('Missing or invalid service identity token', 'AUTH.SERVICE_TOKEN');
    request.viewer = viewer;
    const requestContext = currentContext();
    if (requestContext) requestContext.userId = viewer.userId;
    return true;
  }
}

/** The caller of a request the guard let through, as vouched for by the gateway; `userId` is null for guests. */
export const viewerOf = (request: object): Viewer =>
  (request as RequestWithViewer).viewer ?? { userId: null };

/** The caller as vouched for by the gateway (`viewerOf`), as a handler's parameter. */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer =>
  viewerOf(context.switchToHttp().getRequest()),
);

const firstValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Narrows a viewer to a member, or fails with 401 for a guest. */
export function requireMember(viewer: Viewer): string {
  if (!viewer.userId) throw new UnauthorizedError();
  return viewer.userId;
}
