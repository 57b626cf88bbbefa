import { Controller, Get, Header, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  SIGN_IN_OUTCOME_COOKIE,
  type CurrentUser,
  type SignInOutcome,
  type SignOutResponse,
} from '@daybreak/contracts';
import { UnauthorizedError } from '@daybreak/nest-common';
import type { Request, Response } from 'express';
import type { BaseClient } from 'openid-client';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ProviderIdentity, SocialClient } from '../downstream/social.client';
import { RateLimit, RateLimitGuard } from '../security/rate-limit';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';
import { safeReturnTo } from './return-to';
import { OIDC_CLIENT, SignedInIdentity, providerSignOutUrl } from './oidc.strategy';
import { sessionCookie, sessionUserId } from './session';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

const LOGIN_FAILED = '/?login=failed';
/** Long enough for the SPA to load after the redirect; it clears the cookie as soon as it reads it. */
const SIGN_IN_OUTCOME_MAX_AGE_MS = 60_000;

// express-session's callback methods as promises.
const regenerate = (req: Request) =>
  new Promise<void>((ok, fail) => req.session.regenerate((e) => (e ? fail(e) : ok())));
const save = (req: Request) => new Promise<void>((ok, fail) => req.session.save((e) => (e ? fail(e) : ok())));
const destroy = (req: Request) =>
  new Promise<void>((ok, fail) => (req.session ? req.session.destroy((e) => (e ? fail(e) : ok())) : ok()));

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
  @RateLimit({ name: 'login', limit: (config) => config.LOGIN_RATE_LIMIT, windowSeconds: 60 })
  @UseGuards(RateLimitGuard, OidcLoginGuard)
  login(): void {
    // OidcLoginGuard has already redirected to the provider.
  }

  /** The provider sends the browser back here with a code (or an error). */
  @Get('callback')
  @ApiDoc({ summary: 'Where the identity provider returns (redirects)', ok: null, status: 302, errors: [] })
  @UseGuards(OidcCallbackGuard)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const signedIn = req.user;
    const returnTo = safeReturnTo(req.session.returnTo);
    const timezone = req.session.timezone;
    if (!isIdentity(signedIn)) {
      await this.dropLoginState(req);
      res.redirect(LOGIN_FAILED);
      return;
    }
    const { idToken, ...identity } = signedIn;
    let outcome: SignInOutcome;
    try {
      const user = await this.social.signIn(identity, timezone);
      outcome = user.isNewMember ? 'new' : 'returning';
      // A new session id at sign-in: an id planted in the browser before login (fixation) is worthless.
      await regenerate(req);
      req.session.userId = user.id;
      req.session.signedInAt = Date.now();
      if (idToken) req.session.idToken = idToken;
      await save(req); // stored before the browser follows the redirect and asks who it is
      this.logger.log(`member ${user.id} signed in`);
    } catch (error) {
      this.logger.error(
        `sign-in failed for ${identity.issuer} / ${identity.subject}: ${(error as Error).message}`,
      );
      await this.dropLoginState(req).catch(() => undefined);
      res.redirect(LOGIN_FAILED);
      return;
    }
    // For the SPA's sign_up / login analytics event; it says nothing the member's own browser may not know.
    res.cookie(SIGN_IN_OUTCOME_COOKIE, outcome, {
      ...sessionCookie(this.config).options,
      httpOnly: false,
      maxAge: SIGN_IN_OUTCOME_MAX_AGE_MS,
    });
    res.redirect(returnTo);
  }

  /** After a failed sign-in: a member who was already signed in stays so; otherwise nothing is kept. */
  private async dropLoginState(req: Request): Promise<void> {
    if (sessionUserId(req)) {
      delete req.session.returnTo;
      delete req.session.timezone;
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
  @Header('Cache-Control', 'no-store')
  async logoutNavigation(@Req() req: Request, @Res() res: Response): Promise<void> {
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      res.redirect('/');
      return;
    }
    res.redirect((await this.signOut(req, res)).redirectTo);
  }

  /**
   * The same sign-out for scripts: a POST, so the Origin check refuses it from other sites; the answer
   * says where the browser goes next.
   */
  @Post('logout')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit({ name: 'logout', limit: 30, windowSeconds: 60 })
  @ApiDoc({ summary: 'Sign out (for scripts)', ok: s.signOut, errors: [] })
  @Header('Cache-Control', 'no-store')
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SignOutResponse> {
    return this.signOut(req, res);
  }

  private async signOut(req: Request, res: Response): Promise<SignOutResponse> {
    const userId = sessionUserId(req);
    const idToken = req.session?.idToken;
    await destroy(req);
    this.clearSessionCookie(res);
    if (!userId) return { redirectTo: '/' };
    this.logger.log(`member ${userId} signed out`);
    return { redirectTo: providerSignOutUrl(this.oidc, this.config, idToken) ?? '/' };
  }

  private clearSessionCookie(res: Response): void {
    const { name, options } = sessionCookie(this.config);
    res.clearCookie(name, options);
  }

  /** The signed-in member, or 401. */
  @Get('auth/user')
  @ApiDoc({ summary: 'The signed-in member', ok: s.currentUser, errors: [401] })
  @Header('Cache-Control', 'no-store')
  async user(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CurrentUser> {
    const userId = sessionUserId(req);
    if (!userId) throw new UnauthorizedError();
    const user = await this.social.getCurrentUser(userId);
    if (!user) {
      // The account is gone: this session can never be valid again.
      await destroy(req);
      this.clearSessionCookie(res);
      throw new UnauthorizedError();
    }
    return user;
  }
}
