import { Controller, Header, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ApiDoc } from '../openapi/api-doc';
import { RateLimit } from '../security/rate-limit';
import { type GatewaySessionStore, SESSION_STORE } from './session-store';
import { MemberGuard, SessionUser } from './session-user';
import { signOutEverywhere } from './sign-out-everywhere';

/** Signing out everywhere: rare, and each one rewrites all of a member's sessions. */
const REVOCATIONS = { name: 'revoke-sessions', limit: 10, windowSeconds: 60 };

/** A member's sessions as a whole. */
@Controller('api/sessions')
export class SessionsController {
  private readonly logger = new Logger('Auth');

  constructor(
    @Inject(SESSION_STORE) private readonly sessions: GatewaySessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Signs the member out everywhere: every session of theirs ends, on every device and gateway
   * process, this one included. Other processes forget their copies and end the session's unread
   * streams when the deletions' message reaches them (normally within a millisecond; their copies
   * never outlive 5 s). The provider's own session is left alone: signing in again then needs no
   * password on this device, as after Mastodon's or GitHub's.
   */
  @Post('revoke-all')
  @HttpCode(204)
  @RateLimit(REVOCATIONS)
  @UseGuards(MemberGuard)
  @ApiDoc({
    summary: 'Sign out everywhere: end every session of yours',
    ok: null,
    status: 204,
    errors: [401],
  })
  @Header('Cache-Control', 'no-store')
  async revokeAll(
    @SessionUser() userId: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<void> {
    const ended = await signOutEverywhere(this.sessions, this.config, userId, { req, res });
    this.logger.log(`member ${userId} signed out everywhere (${ended} sessions)`);
  }
}
