import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { CreatedReport } from '@daybreak/contracts';
import { ZodPipe } from '@daybreak/nest-common';
import { z } from 'zod';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { ModerationClient } from '../downstream/moderation.client';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/moderation-schemas';
import { RateLimit } from '../security/rate-limit';

/** A member reports rarely; a burst is more likely abuse of the queue than twenty real reports. */
const REPORTS = { name: 'report', limit: 20, windowSeconds: 60 * 60 };

/** Members' reports (issue 42). */
@Controller('api')
@UseGuards(MemberGuard)
export class ReportsController {
  constructor(private readonly moderation: ModerationClient) {}

  /**
   * Reports a post, a comment or a member. A post or comment is looked up as the reporter sees it
   * (404 for one they can't, e.g. deleted or hidden), and social keeps that text as the moderators'
   * preview. A repeat of an open report answers the same id.
   */
  @Post('reports')
  @HttpCode(201)
  @RateLimit(REPORTS)
  @ApiDoc({
    summary: 'Report a post, a comment or a member to the moderators',
    ok: s.createdReport,
    status: 201,
    body: s.reportRequest,
    errors: [400, 401, 404],
  })
  async report(
    @SessionUser() viewerId: string,
    @Body(new ZodPipe(s.reportRequest)) report: z.infer<typeof s.reportRequest>,
  ): Promise<CreatedReport> {
    const { targetType, targetId } = report;
    const content =
      targetType === 'user'
        ? undefined
        : await this.moderation.reportedContent(viewerId, targetType, targetId);
    return this.moderation.report(viewerId, { ...report, ...(content ? { content } : {}) });
  }
}
