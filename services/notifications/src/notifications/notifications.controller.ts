import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import type { AppNotification, UnreadCount } from '@daybreak/contracts';
import { CurrentViewer, Viewer, requireMember } from '@daybreak/nest-common';
import { EXPORT_LIMIT, NotificationsService } from './notifications.service';

/** The viewer's own notifications; guests get 401. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer): Promise<AppNotification[]> {
    return this.notifications.list(requireMember(viewer));
  }

  /** Everything the member's export holds (issue 42): many more than the list. */
  @Get('export')
  export(@CurrentViewer() viewer: Viewer): Promise<AppNotification[]> {
    return this.notifications.list(requireMember(viewer), EXPORT_LIMIT);
  }

  @Get('unread-count')
  unreadCount(@CurrentViewer() viewer: Viewer): Promise<UnreadCount> {
    return this.notifications.unreadCount(requireMember(viewer));
  }

  // Declared before ':id/read' so "read-all" is never taken for an id.
  @Put('read-all')
  @HttpCode(204)
  markAllRead(@CurrentViewer() viewer: Viewer): Promise<void> {
    return this.notifications.markAllRead(requireMember(viewer));
  }

  @Put(':id/read')
  @HttpCode(204)
  markRead(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<void> {
    return this.notifications.markRead(requireMember(viewer), id);
  }
}
