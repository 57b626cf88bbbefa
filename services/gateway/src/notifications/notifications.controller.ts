import { Body, Controller, Get, HttpCode, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import type { AppNotification, PushPublicKey, UnreadCount } from '@daybreak/contracts';
import { UnauthorizedError } from '@daybreak/nest-common';
import type { FastifyReply } from 'fastify';
import { MemberGuard, SessionUser, sessionIdOf } from '../auth/session-user';
import { SessionWatch } from '../auth/session-watch';
import { NotificationsClient } from '../downstream/notifications.client';
import { UuidParam } from '../downstream/path-param.pipe';
import { READS, RateLimit } from '../security/rate-limit';
import { StreamSlots } from './stream-slots';
import { UnreadCountHub } from './unread-count-hub';
import { serveUnreadStream } from './unread-stream';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Marking one or all read share one allowance. */
const MARKS = { name: 'notification-read', limit: 120, windowSeconds: 60 };
/** Subscribing and unsubscribing a device. */
const PUSH = { name: 'push-subscription', limit: 20, windowSeconds: 60 };

/** The notifications list, the unread count (also as a stream) and push subscriptions: members only. */
@Controller('api/notifications')
@UseGuards(MemberGuard)
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsClient,
    private readonly hub: UnreadCountHub,
    private readonly slots: StreamSlots,
    private readonly sessions: SessionWatch,
  ) {}

  /** The newest 50, with who caused each and the post's image. */
  @Get()
  @RateLimit(READS)
  @ApiDoc({ summary: 'Your newest notifications', ok: z.array(s.notification), errors: [401] })
  list(@SessionUser() viewerId: string): Promise<AppNotification[]> {
    return this.notifications.list(viewerId);
  }

  @Get('unread-count')
  @RateLimit(READS)
  @ApiDoc({ summary: 'Your unread count', ok: s.unreadCount, errors: [401] })
  unreadCount(@SessionUser() viewerId: string): Promise<UnreadCount> {
    return this.notifications.unreadCount(viewerId);
  }

  /**
   * Server-sent events with the unread count: the current one, then each change (beyond the spec; the
   * SPA polls `unread-count` when this is not available). Limited, so a reconnect loop cannot flood;
   * at most STREAMS_PER_MEMBER open at once (429 beyond), each ending with its session.
   */
  @Get('stream')
  @RateLimit({ name: 'notification-stream', limit: 30, windowSeconds: 60 })
  @ApiDoc({
    summary: 'Your unread count as server-sent events',
    ok: null,
    produces: 'text/event-stream',
    errors: [401],
  })
  stream(@SessionUser() viewerId: string, @Res() reply: FastifyReply): Promise<void> {
    const sessionId = sessionIdOf(reply.request);
    // A member's request always comes with its session's id (the session hook put it there).
    if (!sessionId) throw new UnauthorizedError();
    return serveUnreadStream({
      hub: this.hub,
      slots: this.slots,
      sessions: this.sessions,
      userId: viewerId,
      sessionId,
      currentCount: async () => (await this.notifications.unreadCount(viewerId)).count,
      reply,
    });
  }

  @Put('read-all')
  @HttpCode(204)
  @RateLimit(MARKS)
  @ApiDoc({ summary: 'Mark all your notifications read', ok: null, status: 204, errors: [401] })
  markAllRead(@SessionUser() viewerId: string): Promise<void> {
    return this.notifications.markAllRead(viewerId);
  }

  /** Only the member's own notification; another member's id is a 404 from the service. */
  @Put(':id/read')
  @HttpCode(204)
  @RateLimit(MARKS)
  @ApiDoc({ summary: 'Mark one of your notifications read', ok: null, status: 204, errors: [400, 401, 404] })
  markRead(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<void> {
    return this.notifications.markRead(viewerId, id);
  }

  @Get('vapid-key')
  @RateLimit(READS)
  @ApiDoc({ summary: 'The web push public key', ok: s.pushPublicKey, errors: [401] })
  vapidKey(@SessionUser() viewerId: string): Promise<PushPublicKey> {
    return this.notifications.vapidKey(viewerId);
  }

  /** Body `{ subscription }` as `PushSubscription.toJSON()` gives it; the service validates it. */
  @Post('subscribe')
  @HttpCode(201)
  @RateLimit(PUSH)
  @ApiDoc({
    summary: 'Subscribe this device to web push',
    ok: null,
    status: 201,
    body: s.requests.subscribe,
    errors: [400, 401],
  })
  subscribe(@SessionUser() viewerId: string, @Body() body: { subscription?: unknown }): Promise<void> {
    return this.notifications.subscribe(viewerId, body?.subscription);
  }

  /** Body `{ endpoint }`: forgets this device's subscription. */
  @Post('unsubscribe')
  @HttpCode(204)
  @RateLimit(PUSH)
  @ApiDoc({
    summary: "Forget this device's subscription",
    ok: null,
    status: 204,
    body: s.requests.unsubscribe,
    errors: [400, 401],
  })
  unsubscribe(@SessionUser() viewerId: string, @Body() body: { endpoint?: unknown }): Promise<void> {
    return this.notifications.unsubscribe(viewerId, body?.endpoint);
  }
}
