import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseEnumPipe,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import type {
  CreatedReport,
  HiddenContent,
  ModerationLogEntry,
  ReportGroup,
  ResolvedReports,
  SuspendedMember,
  UnhideResult,
  UnsuspendResult,
} from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { pageQuerySchema } from '../users/dto/profile.dto';
import {
  CreateReportInput,
  ResolveReportInput,
  createReportSchema,
  resolveReportSchema,
  undoSchema,
} from './dto/report.dto';
import { hiddenContent } from './hidden-content.queries';
import { auditLog, openReportGroups, suspendedMembers } from './moderation-reads.queries';
import { NotFoundForMembersError } from './moderation.errors';
import { ModerationService } from './moderation.service';
import { ReportsService } from './reports.service';

type PageQuery = z.infer<typeof pageQuerySchema>;
type UndoInput = z.infer<typeof undoSchema>;
/** The queue shows this many targets at most: moderators work from the top. */
const QUEUE_LIMIT = 100;

/** A moderator, as the gateway vouches (ADR 0025); everyone else is told the route does not exist. */
function requireModerator(viewer: Viewer): string {
  const userId = requireMember(viewer);
  if (!viewer.isModerator) throw new NotFoundForMembersError();
  return userId;
}

/** Reports (any member) and the moderators' queue, decisions and audit log (issue 42). */
@Controller()
export class ModerationController {
  constructor(
    private readonly reports: ReportsService,
    private readonly moderation: ModerationService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Post('reports')
  @HttpCode(201)
  report(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(createReportSchema)) input: CreateReportInput,
  ): Promise<CreatedReport> {
    return this.reports.file(requireMember(viewer), input);
  }

  @Get('moderation/reports')
  queue(@CurrentViewer() viewer: Viewer): Promise<ReportGroup[]> {
    requireModerator(viewer);
    return openReportGroups(this.dataSource.manager, QUEUE_LIMIT);
  }

  @Post('moderation/reports/:id/resolve')
  @HttpCode(200)
  resolve(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseUUIDPipe) id: string,
    @Body(new ZodPipe(resolveReportSchema)) input: ResolveReportInput,
  ): Promise<ResolvedReports> {
    return this.moderation.resolve(requireModerator(viewer), id, input);
  }

  @Post('moderation/users/:id/unsuspend')
  @HttpCode(200)
  unsuspend(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseUUIDPipe) id: string,
    @Body(new ZodPipe(undoSchema)) input: UndoInput,
  ): Promise<UnsuspendResult> {
    return this.moderation.unsuspend(requireModerator(viewer), id, input.note ?? null);
  }

  @Post('moderation/hidden/:type/:id/unhide')
  @HttpCode(200)
  unhide(
    @CurrentViewer() viewer: Viewer,
    @Param('type', new ParseEnumPipe(['post', 'comment'])) type: 'post' | 'comment',
    @Param('id', ParseUUIDPipe) id: string,
    @Body(new ZodPipe(undoSchema)) input: UndoInput,
  ): Promise<UnhideResult> {
    const moderatorId = requireModerator(viewer);
    return this.moderation.unhide(moderatorId, { targetType: type, targetId: id }, input.note ?? null);
  }

  @Get('moderation/hidden')
  hidden(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<HiddenContent[]> {
    requireModerator(viewer);
    return hiddenContent(this.dataSource.manager, page);
  }

  @Get('moderation/audit')
  audit(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<ModerationLogEntry[]> {
    requireModerator(viewer);
    return auditLog(this.dataSource.manager, page);
  }

  @Get('moderation/suspended')
  suspended(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<SuspendedMember[]> {
    requireModerator(viewer);
    return suspendedMembers(this.dataSource.manager, page);
  }
}
