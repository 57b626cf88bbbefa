import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import type { ReminderSettings } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { NotificationsClient } from '../downstream/notifications.client';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/reminder-schemas';
import { READS, RateLimit } from '../security/rate-limit';

/** Changing one's mornings: a person toggles a few settings, a script would do it all day. */
const REMINDER_EDITS = { name: 'reminders', limit: 30, windowSeconds: 60 };

/** The member's own mornings (issue 43): the notifications service keeps them and sends the reminders. */
@Controller('api/profile/reminders')
@UseGuards(MemberGuard)
export class RemindersController {
  constructor(private readonly notifications: NotificationsClient) {}

  @Get()
  @RateLimit(READS)
  @ApiDoc({ summary: 'Your reminder settings', ok: s.reminderSettings, errors: [401] })
  settings(@SessionUser() viewerId: string): Promise<ReminderSettings> {
    return this.notifications.reminders(viewerId);
  }

  /** The whole settings; the service validates them (a bad time or day list: 400 with a message). */
  @Put()
  @RateLimit(REMINDER_EDITS)
  @ApiDoc({
    summary: 'Set your reminder settings',
    ok: s.reminderSettings,
    body: s.reminderSettings,
    errors: [400, 401],
  })
  save(@SessionUser() viewerId: string, @Body() body: unknown): Promise<ReminderSettings> {
    return this.notifications.saveReminders(viewerId, body);
  }
}
