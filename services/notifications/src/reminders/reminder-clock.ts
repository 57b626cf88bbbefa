import { Injectable } from '@nestjs/common';

/** What time it is, for the scheduler and the settings: one provider, so tests can move it. */
@Injectable()
export class ReminderClock {
  now(): Date {
    return new Date();
  }
}
