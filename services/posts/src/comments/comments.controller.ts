import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import type { Comment as CommentDto } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { CommentsService } from './comments.service';
import { CreateCommentInput, createCommentSchema } from './dto/comment.dto';

@Controller('posts/:postId/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  list(
    @Param('postId', ParseUUIDPipe) postId: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<CommentDto[]> {
    return this.comments.list(postId, viewer.userId);
  }

  @Post()
  create(
    @Param('postId', ParseUUIDPipe) postId: string,
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(createCommentSchema)) input: CreateCommentInput,
  ): Promise<CommentDto> {
    return this.comments.create(postId, requireMember(viewer), input);
  }

  @Delete(':commentId')
  @HttpCode(204)
  delete(
    @Param('postId', ParseUUIDPipe) postId: string,
    @Param('commentId', ParseUUIDPipe) commentId: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<void> {
    return this.comments.delete(postId, commentId, requireMember(viewer));
  }
}
