import { Controller, Get, Param, ParseEnumPipe, ParseUUIDPipe } from '@nestjs/common';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CommentNotFoundError } from '../comments/comments.errors';
import { PostNotFoundError } from '../posts/posts.errors';
import { ReportedContent, reportedContent } from './moderation.queries';

/**
 * What a member reports (issue 42): the post or comment as they can see it, or 404 (deleted,
 * hidden from them). The gateway asks before social files the report.
 */
@Controller('report-targets')
export class ReportTargetsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':type/:id')
  async target(
    @Param('type', new ParseEnumPipe(['post', 'comment'])) type: 'post' | 'comment',
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ReportedContent> {
    const found = await reportedContent(this.dataSource.manager, type, id, requireMember(viewer));
    if (!found) throw type === 'post' ? new PostNotFoundError() : new CommentNotFoundError();
    return found;
  }
}
