import { Controller, Get } from '@nestjs/common';
import type { Post } from '@daybreak/contracts';

/** Data for the SPA's internal test pages (spec §2), which are not gated. */
@Controller('api/test')
export class TestPagesController {
  /** The empty-feed test page renders the feed's empty state from this. */
  @Get('empty-posts')
  emptyPosts(): Post[] {
    return [];
  }
}
