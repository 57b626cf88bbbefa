import type { EntityManager } from 'typeorm';
import { nudgePreferencesOf } from '../reminders/reminder-schedules.queries';

/** The morning messages a member can turn off in their reminder settings. */
export type MorningMessageKind = 'streakNudge' | 'weeklyRecap';

/**
 * Whether the member wants this kind of morning message: their reminder settings' `streakNudge` and
 * `weeklyRecap` flags (ADR 0027), both on for a member who never saved settings.
 */
export async function wantsMorningMessage(
  manager: EntityManager,
  userId: string,
  kind: MorningMessageKind,
): Promise<boolean> {
  const preferences = (await nudgePreferencesOf(manager, [userId])).get(userId);
  return preferences?.[kind] ?? true;
}
