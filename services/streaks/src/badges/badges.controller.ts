import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { Badge, postCreatedV1 } from '@daybreak/contracts';
import { CurrentViewer, ForbiddenError, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { BadgesService, PostBadges } from './badges.service';
import { PostActivityService } from './post-activity.service';

const catalogueQuery = z.object({ userId: z.uuid({ error: 'userId must be a UUID.' }).optional() });

@Controller()
export class BadgesController {
  constructor(
    private readonly badges: BadgesService,
    private readonly activity: PostActivityService,
  ) {}

  /** Every badge, with the standing of `userId` (else the viewer; zeros for a guest). */
  @Get('badges')
  catalogue(
    @Query(new ZodPipe(catalogueQuery)) query: z.infer<typeof catalogueQuery>,
    @CurrentViewer() viewer: Viewer,
  ): Promise<Badge[]> {
    return this.badges.catalogueFor(query.userId ?? viewer.userId);
  }

  @Get('users/:id/badges')
  earnedBy(@Param('id', ParseUUIDPipe) userId: string): Promise<Badge[]> {
    return this.badges.earnedBy(userId);
  }

  @Get('posts/:id/badges')
  earnedWith(@Param('id', ParseUUIDPipe) postId: string): Promise<Badge[]> {
    return this.badges.earnedWith(postId);
  }

  /**
   * The gateway calls this right after storing a post, with the post.created payload: it records the
   * post and answers the badges earned with it. Idempotent by post id (ARCHITECTURE §1).
   */
  @Post('evaluations')
  @HttpCode(200)
  evaluate(
    @Body(new ZodPipe(postCreatedV1)) post: z.infer<typeof postCreatedV1>,
    @CurrentViewer() viewer: Viewer,
  ): Promise<PostBadges> {
    if (requireMember(viewer) !== post.authorId)
      throw new ForbiddenError('POST.NOT_YOURS', 'Only the author’s own posts can be evaluated.');
    return this.activity.evaluate(post);
  }
}
