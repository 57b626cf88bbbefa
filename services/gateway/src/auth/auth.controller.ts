import { Controller, Get, Header, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  SIGN_IN_OUTCOME_COOKIE,
  type CurrentUser,
  type SignInOutcome,
  type SignOutResponse,
} from '@daybreak/contracts';
import { UnauthorizedError } from '@daybreak/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BaseClient } from 'openid-client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ProviderIdentity, SocialClient } from '../downstream/social.client';
import { READS, RateLimit } from '../security/rate-limit';
import { Moderators } from './moderators';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';
import { clearCookie, setCookie } from './cookies';
import { safeReturnTo } from './return-to';
import { OIDC_CLIENT, SignedInIdentity, providerSignOutUrl } from './oidc.strategy';
import { sessionCookie } from './session';
import { destroy, regenerate, save, sessionOf } from './session-changes';
import { sessionUserId } from './session-user';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

const LOGIN_FAILED = '/?login=failed';
/**
 * Every redirect says its status: Nest sets 200 on the reply before a handler with `@Res()` runs,
 * and Fastify's `redirect(url)` keeps a status already set (Express' always meant 302).
 */
const FOUND = 302;
/**
 * Long enough for the SPA to load after the redirect; it clears the cookie as soon as it reads it.
 * In seconds, as a cookie's Max-Age is (Express' maxAge was in milliseconds).
 */
const SIGN_IN_OUTCOME_MAX_AGE_SECONDS = 60;
/**
 * Sign-in's two steps, each counted by address even for a signed-in member: the callback creates
 * accounts, and a session proves nothing about who starts another sign-in.
 */
const SIGN_INS = {
  limit: (config: GatewayConfig) => config.LOGIN_RATE_LIMIT,
  perAddress: true,
  windowSeconds: 60,
} as const;
/** Sign-out, as a navigation or for scripts: one allowance. */
const SIGN_OUTS = { name: 'logout', limit: 30, windowSeconds: 60 };

function isIdentity(value: unknown): value is SignedInIdentity {
  return (
    typeof value === 'object' && value !== null && typeof (value as ProviderIdentity).subject === 'string'
  );
}

@Controller('api')
export class AuthController {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly social: SocialClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(OIDC_CLIENT) private readonly oidc: BaseClient,
    private readonly moderators: Moderators,
  ) {}

  /**
   * Starts sign-in: `?returnTo=/path` (same-origin paths only) is where the member lands afterwards;
   * `?timezone=Europe/Paris`, the browser's zone, is stored on the member.
   */
  @Get('login')
  @ApiDoc({
    summary: 'Start sign-in (redirects to the identity provider)',
    ok: null,
    status: 302,
    errors: [],
  })
  @RateLimit({ name: 'login', ...SIGN_INS })
  @UseGuards(OidcLoginGuard)
  login(): void {
    // OidcLoginGuard has already redirected to the provider.
  }

  /** The provider sends the browser back here with a code (or an error). */
  @Get('callback')
  @ApiDoc({ summary: 'Where the identity provider returns (redirects)', ok: null, status: 302, errors: [] })
  @RateLimit({ name: 'sign-in-callback', ...SIGN_INS })
  @UseGuards(OidcCallbackGuard)
  async callback(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const signedIn = req.user;
    const returnTo = safeReturnTo(sessionOf(req).returnTo);
    const timezone = sessionOf(req).timezone;
    if (!isIdentity(signedIn)) {
      await this.dropLoginState(req);
      await res.redirect(LOGIN_FAILED, FOUND);
      return;
    }
    const { idToken, ...identity } = signedIn;
    let outcome: SignInOutcome;
    try {
      const user = await this.social.signIn(identity, timezone);
      outcome = user.isNewMember ? 'new' : 'returning';
      // A new session id at sign-in: an id planted in the browser before login (fixation) is worthless.
      await regenerate(req);
      const session = sessionOf(req); // the new one
      session.userId = user.id;
      session.signedInAt = Date.now();
      if (idToken) session.idToken = idToken;
      if (user.isSuspended) session.suspended = true;
      if (await this.moderators.isModerator(user.email)) session.moderatorEmail = user.email!;
      await save(req); // stored before the browser follows the redirect and asks who it is
      this.logger.log(`member ${user.id} signed in`);
    } catch (error) {
      this.logger.error(
        `sign-in failed for ${identity.issuer} / ${identity.subject}: ${(error as Error).message}`,
      );
      await this.dropLoginState(req).catch(() => undefined);
      await res.redirect(LOGIN_FAILED, FOUND);
      return;
    }
    // For the SPA's sign_up / login analytics event; it says nothing the member's own browser may not know.
    setCookie(res, SIGN_IN_OUTCOME_COOKIE, outcome, {
      ...sessionCookie(this.config).options,
      httpOnly: false,
      maxAge: SIGN_IN_OUTCOME_MAX_AGE_SECONDS,
    });
    await res.redirect(returnTo, FOUND);
  }

  /** After a failed sign-in: a member who was already signed in stays so; otherwise nothing is kept. */
  private async dropLoginState(req: FastifyRequest): Promise<void> {
    if (sessionUserId(req)) {
      delete sessionOf(req).returnTo;
      delete sessionOf(req).timezone;
    } else await destroy(req);
  }

  /**
   * Sign-out as the spec has it: a full-page navigation to /api/logout, answered with a redirect to the
   * provider's sign-out (which ends its session too, then returns to PUBLIC_URL/). A navigation that
   * another site started (`Sec-Fetch-Site: cross-site` or `same-site`) signs nobody out and just lands
   * on the feed: a link or an image elsewhere can't end a member's session. Browsers too old to send
   * the header are let through, as a logout is all such a request can do.
   */
  @Get('logout')
  @ApiDoc({ summary: 'Sign out (a page navigation; redirects)', ok: null, status: 302, errors: [] })
  @RateLimit(SIGN_OUTS)
  @Header('Cache-Control', 'no-store')
  async logoutNavigation(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const site = req.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') {
      await res.redirect('/', FOUND);
      return;
    }
    await res.redirect((await this.signOut(req, res)).redirectTo, FOUND);
  }

  /**
   * The same sign-out for scripts: a POST, so the Origin check refuses it from other sites; the answer
   * says where the browser goes next.
   */
  @Post('logout')
  @HttpCode(200)
  @RateLimit(SIGN_OUTS)
  @ApiDoc({ summary: 'Sign out (for scripts)', ok: s.signOut, errors: [] })
  @Header('Cache-Control', 'no-store')
  logout(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<SignOutResponse> {
    return this.signOut(req, res);
  }

  private async signOut(req: FastifyRequest, res: FastifyReply): Promise<SignOutResponse> {
    const userId = sessionUserId(req);
    const idToken = req.session?.idToken;
    await destroy(req);
    this.clearSessionCookie(res);
    if (!userId) return { redirectTo: '/' };
    this.logger.log(`member ${userId} signed out`);
    return { redirectTo: providerSignOutUrl(this.oidc, this.config, idToken) ?? '/' };
  }

  private clearSessionCookie(res: FastifyReply): void {
    const { name, options } = sessionCookie(this.config);
    clearCookie(res, name, options);
  }

  /** The signed-in member, or 401. */
  @Get('auth/user')
  @RateLimit(READS)
  @ApiDoc({ summary: 'The signed-in member', ok: s.currentUser, errors: [401] })
  @Header('Cache-Control', 'no-store')
  async user(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CurrentUser> {
    const userId = sessionUserId(req);
    if (!userId) throw new UnauthorizedError();
    const user = await this.social.getCurrentUser(userId);
    if (!user) {
      // The account is gone: this session can never be valid again.
      await destroy(req);
      this.clearSessionCookie(res);
      throw new UnauthorizedError();
    }
    const isModerator = await this.moderators.isModerator(req.session?.moderatorEmail);
    return {
      ...user,
      ...(isModerator ? { isModerator } : {}),
      ...(req.session?.suspended ? { isSuspended: true } : {}),
    };
  }
}
