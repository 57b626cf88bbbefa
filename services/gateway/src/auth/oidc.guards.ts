import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { timeZoneSchema } from '@daybreak/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { generators } from 'openid-client';
import type { ProviderIdentity } from '../downstream/social.client';
import { OIDC_STRATEGY } from './oidc.strategy';
import { safeReturnTo } from './return-to';
import { sessionToChange } from './session';

/**
 * GET /api/login: remembers where to come back to (and the browser's zone, `?timezone=`; a zone
 * that does not exist is ignored rather than failing a sign-in), then the strategy redirects to the provider.
 * The redirect ends the response inside passport, so the route handler never runs (passport does not
 * call back after a redirect; that is how redirecting strategies work with AuthGuard).
 */
@Injectable()
export class OidcLoginGuard extends AuthGuard(OIDC_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const query = req.query as Record<string, unknown>;
    const session = sessionToChange(req);
    session.returnTo = safeReturnTo(query.returnTo);
    const timezone = timeZoneSchema.safeParse(query.timezone);
    if (timezone.success) session.timezone = timezone.data;
    return (await super.canActivate(context)) as boolean;
  }

  /**
   * Passport writes its redirect with `statusCode`, `setHeader` and `end`: the raw response's API,
   * which Fastify's reply does not have. express-session saves the sign-in state as it ends.
   */
  getResponse(context: ExecutionContext): ServerResponse {
    return context.switchToHttp().getResponse<FastifyReply>().raw;
  }

  /**
   * Handed to openid-client as extra authorization request parameters. It adds a nonce only for
   * implicit/hybrid flows, so ask for one here (it is stored with state and checked against the ID
   * token); and blank AuthGuard's own defaults (`session`, `property`), which would otherwise be
   * copied into the provider URL.
   */
  override getAuthenticateOptions(): Record<string, string | undefined> {
    return { nonce: generators.nonce(), session: undefined, property: undefined };
  }
}

/**
 * GET /api/callback: completes the code exchange. Never throws: a denied or broken sign-in becomes
 * `req.user = null` (logged here) and the controller sends the browser back to the app.
 */
@Injectable()
export class OidcCallbackGuard extends AuthGuard(OIDC_STRATEGY) {
  private readonly logger = new Logger('OidcCallback');

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const query = req.query as Record<string, unknown>;
    // Without an authorization response the strategy would start a new login instead; refuse.
    if (query.code === undefined && query.error === undefined) {
      this.logger.warn('sign-in failed: /api/callback called without an authorization response');
      req.user = undefined;
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  /** As for login: should the strategy redirect after all, it writes on the raw response. */
  getResponse(context: ExecutionContext): ServerResponse {
    return context.switchToHttp().getResponse<FastifyReply>().raw;
  }

  override handleRequest<TUser = ProviderIdentity | null>(
    error: unknown,
    user: unknown,
    info: unknown,
  ): TUser {
    if (error || !user) {
      const reason = error ?? info;
      const message = reason instanceof Error ? reason.message : JSON.stringify(reason ?? 'no identity');
      // An error the provider reported (e.g. access_denied) or a failed check (state, nonce, PKCE).
      this.logger.warn(`sign-in failed: ${message}`);
      return null as TUser;
    }
    return user as TUser;
  }
}
