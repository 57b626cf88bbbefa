import { Controller, Get, Param, ParseEnumPipe, ParseUUIDPipe } from '@nestjs/common';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CommentNotFoundError } from '../comments/comments.errors';
import { PostNotFoundError } from '../posts/posts.errors';
import { commentVisibleTo, postVisibleTo } from './visibility.sql';

/** A reported post or comment, as social keeps it for the moderators' preview. */
interface ReportedContent {
  authorId: string;
  postId: string;
  content: string;
  imageUrl: string | null;
}

const POST = `SELECT p.author_id AS "authorId", p.id AS "postId", p.content, p.image_url AS "imageUrl"
  FROM posts p WHERE p.id = $2 AND ${postVisibleTo('p', '$1::uuid')}`;
const COMMENT = `SELECT c.author_id AS "authorId", c.post_id AS "postId", c.content, NULL AS "imageUrl"
  FROM comments c JOIN posts p ON p.id = c.post_id
  WHERE c.id = $2 AND ${commentVisibleTo('c', '$1::uuid')} AND ${postVisibleTo('p', '$1::uuid')}`;

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
    const [found]: ReportedContent[] = await this.dataSource.query(type === 'post' ? POST : COMMENT, [
      requireMember(viewer),
      id,
    ]);
    if (!found) throw type === 'post' ? new PostNotFoundError() : new CommentNotFoundError();
    return found;
  }
}
