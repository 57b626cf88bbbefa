import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Inject,
  Logger,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { type AccountExport, DELETE_ACCOUNT_MESSAGE } from '@daybreak/contracts';
import { BadInputError } from '@daybreak/nest-common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type GatewaySessionStore, SESSION_STORE } from '../auth/session-store';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { signOutEverywhere } from '../auth/sign-out-everywhere';
import { GATEWAY_CONFIG, GatewayConfig, publicOrigin } from '../config';
import { AccountClient } from '../downstream/account.client';
import { hasStatus } from '../downstream/upstream-errors';
import { StreaksClient } from '../downstream/streaks.client';
import { ApiDoc } from '../openapi/api-doc';
import { accountExport, deleteAccountRequest } from '../openapi/account-schemas';
import { RateLimit } from '../security/rate-limit';
import { assembleExport, exportFileName } from './account-export';

/** Deleting one's account: a retry after a failure is the only reason to ask twice. */
const DELETIONS = { name: 'account-delete', limit: 5, windowSeconds: 3600 };
/** An export reads everything of the member from four services: a few per hour. */
const EXPORTS = { name: 'account-export', limit: 5, windowSeconds: 3600 };

class ConfirmDeletionError extends BadInputError {
  constructor() {
    super('ACCOUNT.CONFIRM', DELETE_ACCOUNT_MESSAGE);
  }
}

/** Leaving, and taking one's data along (issue 42): the signed-in member's own account only. */
@Controller('api/account')
@UseGuards(MemberGuard)
export class AccountController {
  private readonly logger = new Logger('Account');

  constructor(
    private readonly account: AccountClient,
    private readonly streaks: StreaksClient,
    @Inject(SESSION_STORE) private readonly sessions: GatewaySessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Deletes the member's account: social erases them and publishes `user.deleted`, from which every
   * other service erases what it holds (ARCHITECTURE §11), and every session of theirs ends, this
   * one included. An account already gone (a retry whose first answer was lost) still signs out.
   */
  @Delete()
  @HttpCode(204)
  @RateLimit(DELETIONS)
  @ApiDoc({
    summary: 'Delete your account and everything in it; you are signed out everywhere',
    ok: null,
    status: 204,
    body: deleteAccountRequest,
    errors: [400, 401],
  })
  @Header('Cache-Control', 'no-store')
  async delete(
    @SessionUser() userId: string,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<void> {
    if (!deleteAccountRequest.safeParse(body).success) throw new ConfirmDeletionError();
    try {
      await this.account.delete(userId);
    } catch (error) {
      if (!hasStatus(error, 404)) throw error;
    }
    const ended = await signOutEverywhere(this.sessions, this.config, userId, { req, res });
    this.logger.log(`member ${userId} deleted their account (${ended} sessions ended)`);
  }

  /** Everything Daybreak holds of the member, as a JSON file to download. */
  @Get('export')
  @RateLimit(EXPORTS)
  @ApiDoc({ summary: 'Download your data as a JSON file', ok: accountExport, errors: [401] })
  @Header('Content-Type', 'application/json; charset=utf-8')
  async export(
    @SessionUser() userId: string,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AccountExport> {
    const [social, posts, badges, statistics, notifications] = await Promise.all([
      this.account.socialExport(userId),
      this.account.postsExport(userId),
      this.streaks.earnedBy(userId, userId),
      this.streaks.statistics(userId, userId),
      this.account.notificationsExport(userId),
    ]);
    void res.header('Content-Disposition', `attachment; filename="${exportFileName()}"`);
    return assembleExport(publicOrigin(this.config), { social, posts, badges, statistics, notifications });
  }
}
