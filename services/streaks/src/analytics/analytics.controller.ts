import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { analyticsBatch } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe } from '@daybreak/nest-common';
import { z } from 'zod';
import { AnalyticsService } from './analytics.service';

/** The gateway's collector hands over a checked batch with its own receive time. */
const recordedBatch = analyticsBatch.extend({ receivedAt: z.iso.datetime() });

@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /** The member is the one the gateway's identity token names (null for a guest), never the body's. */
  @Post('events')
  @HttpCode(204)
  async record(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(recordedBatch)) batch: z.infer<typeof recordedBatch>,
  ): Promise<void> {
    await this.analytics.record(viewer.userId, batch.events, new Date(batch.receivedAt));
  }
}
