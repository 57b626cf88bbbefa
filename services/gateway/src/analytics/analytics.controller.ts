import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { analyticsBatch, type AnalyticsBatch } from '@daybreak/contracts';
import { SessionUser } from '../auth/session-user';
import { StreaksClient } from '../downstream/streaks.client';
import { ApiDoc } from '../openapi/api-doc';
import { RateLimit } from '../security/rate-limit';
import { AnalyticsBatchPipe, anonymised } from './analytics-batch';

/**
 * The SPA sends a batch every 20 events or 10 seconds, and one more when the page hides: a few a
 * minute per tab. Guests behind one address (a NAT) share theirs, so it is larger.
 */
const ANALYTICS = { name: 'analytics', limit: 60, guestLimit: 240, windowSeconds: 60 };

/**
 * The first-party analytics collector (ADR 0033). Same-origin only, as every state-changing /api
 * route (the Origin check, which a beacon's POST passes like fetch's).
 */
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly streaks: StreaksClient) {}

  /**
   * Members' events are theirs by the session, whatever the body says; guests' carry no ids. The
   * gateway's clock stamps the batch, since the browser's may be wrong.
   */
  @Post('events')
  @HttpCode(204)
  @RateLimit(ANALYTICS)
  @ApiDoc({
    summary: 'Record product analytics events (spec §7), batched',
    ok: null,
    status: 204,
    body: analyticsBatch,
    errors: [400],
  })
  async record(
    @SessionUser() viewerId: string | null,
    @Body(new AnalyticsBatchPipe()) batch: AnalyticsBatch,
  ): Promise<void> {
    const events = viewerId ? batch.events : batch.events.map(anonymised);
    await this.streaks.recordAnalytics(viewerId, events, new Date());
  }
}
