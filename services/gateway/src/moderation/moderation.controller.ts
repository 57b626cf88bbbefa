import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Logger,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  SAFETY_LIST_LIMIT,
  type ModerationLogEntry,
  type ReportGroup,
  type ResolveReportRequest,
  type ResolvedReports,
  type SuspendedMember,
  type UnsuspendResult,
} from '@daybreak/contracts';
import { ZodPipe } from '@daybreak/nest-common';
import { z } from 'zod';
import { ModeratorGuard } from '../auth/moderator-guard';
import { type GatewaySessionStore, SESSION_STORE } from '../auth/session-store';
import { SessionUser } from '../auth/session-user';
import { ModerationClient } from '../downstream/moderation.client';
import { type Page, PageParams } from '../downstream/page';
import { UuidParam } from '../downstream/path-param.pipe';
import { ApiDoc } from '../openapi/api-doc';
import { pageQuery } from '../openapi/common-schemas';
import * as s from '../openapi/moderation-schemas';
import { READS, RateLimit } from '../security/rate-limit';
import { MODERATION_DECISIONS } from './moderation-decisions';

const queueQuery = z.object({ status: z.enum(['open']).optional() });

/**
 * The moderators' routes (issue 42): 404 to everyone else (ModeratorGuard). A suspension ends the
 * member's sessions here, at once, through the index of each member's sessions (ADR 0022); so does
 * its end, so that their next sign-in makes a session that may write again (ADR 0025).
 */
@Controller('api/moderation')
@UseGuards(ModeratorGuard)
export class ModerationController {
  private readonly logger = new Logger('Moderation');

  constructor(
    private readonly moderation: ModerationClient,
    @Inject(SESSION_STORE) private readonly sessions: GatewaySessionStore,
  ) {}

  @Get('reports')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'Open reports grouped by what they are about, the most reported first (moderators)',
    ok: z.array(s.reportGroup),
    query: queueQuery,
    errors: [400, 404],
  })
  reports(
    @SessionUser() moderatorId: string,
    @Query(new ZodPipe(queueQuery)) _query: z.infer<typeof queueQuery>,
  ): Promise<ReportGroup[]> {
    return this.moderation.queue(moderatorId);
  }

  @Post('reports/:id/resolve')
  @HttpCode(200)
  @RateLimit(MODERATION_DECISIONS)
  @ApiDoc({
    summary: 'Resolve a report and every open report on its target: dismiss, hide or suspend (moderators)',
    ok: s.resolvedReports,
    body: s.resolveRequest,
    errors: [400, 404, 409],
  })
  async resolve(
    @SessionUser() moderatorId: string,
    @Param('id', UuidParam) id: string,
    @Body() body: unknown,
  ): Promise<ResolvedReports> {
    // Social validates the body (and answers its 400s); the gateway passes it on.
    const resolved = await this.moderation.resolve(moderatorId, id, body as ResolveReportRequest);
    if (resolved.suspendedUserId) await this.endSessions(resolved.suspendedUserId, 'suspended');
    return resolved;
  }

  @Post('users/:id/unsuspend')
  @HttpCode(200)
  @RateLimit(MODERATION_DECISIONS)
  @ApiDoc({
    summary: "End a member's suspension (moderators)",
    ok: s.unsuspendResult,
    body: s.undoRequest,
    errors: [400, 404],
  })
  async unsuspend(
    @SessionUser() moderatorId: string,
    @Param('id', UuidParam) id: string,
    @Body() body: unknown,
  ): Promise<UnsuspendResult> {
    const result = await this.moderation.unsuspend(moderatorId, id, (body ?? {}) as { note?: string });
    await this.endSessions(id, 'unsuspended');
    return result;
  }

  @Get('suspended')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'The members suspended now, newest first (moderators)',
    ok: z.array(s.suspendedMember),
    query: pageQuery(SAFETY_LIST_LIMIT),
    errors: [400, 404],
  })
  suspended(@SessionUser() moderatorId: string, @PageParams() page: Page): Promise<SuspendedMember[]> {
    return this.moderation.suspended(moderatorId, page);
  }

  @Get('audit')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'The moderation audit log, newest first (moderators)',
    ok: z.array(s.logEntry),
    query: pageQuery(SAFETY_LIST_LIMIT),
    errors: [400, 404],
  })
  audit(@SessionUser() moderatorId: string, @PageParams() page: Page): Promise<ModerationLogEntry[]> {
    return this.moderation.audit(moderatorId, page);
  }

  private async endSessions(userId: string, why: string): Promise<void> {
    const ended = await this.sessions.endSessionsOf(userId);
    this.logger.log(`member ${userId} ${why}: ${ended} sessions ended`);
  }
}
