import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import type { LikeStatus, LikeToggleResult } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { LikesService } from './likes.service';

@Controller('posts/:id')
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @Post('like')
  @HttpCode(200)
  toggle(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<LikeToggleResult> {
    return this.likes.toggle(id, requireMember(viewer));
  }

  @Get('like-status')
  status(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<LikeStatus> {
    return this.likes.status(id, requireMember(viewer));
  }
}
