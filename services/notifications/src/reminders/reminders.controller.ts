import { Body, Controller, Get, Put } from '@nestjs/common';
import type { ReminderSettings } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { reminderSettingsSchema } from './reminder-settings';
import { RemindersService } from './reminders.service';

/** The viewer's own morning settings (`/api/profile/reminders` through the gateway); guests get 401. */
@Controller('reminders')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @Get()
  settings(@CurrentViewer() viewer: Viewer): Promise<ReminderSettings> {
    return this.reminders.settingsOf(requireMember(viewer));
  }

  @Put()
  save(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(reminderSettingsSchema)) settings: ReminderSettings,
  ): Promise<ReminderSettings> {
    return this.reminders.save(requireMember(viewer), settings);
  }
}
