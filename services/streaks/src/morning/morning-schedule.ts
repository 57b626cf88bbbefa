import type { EntityManager } from 'typeorm';
import { MORNING_KINDS, firstDue } from './domain/due-rules';
import { scheduleDue } from './morning-schedule.queries';

/**
 * Schedules the member's morning messages in `zone` (their zone now): on first hearing of them, and
 * again when their zone changes; otherwise their due instants stay.
 */
export function followMemberZone(manager: EntityManager, userId: string, zone: string, now = new Date()) {
  return scheduleDue(
    manager,
    MORNING_KINDS.map((kind) => ({ userId, kind, zone, dueAt: firstDue(kind, zone, now) })),
  );
}
