/** The morning messages a member can turn off in their reminder settings. */
export type MorningMessageKind = 'streakNudge' | 'weeklyRecap';

/**
 * Whether the member wants this kind of morning message. Both are on by default; the reminder
 * settings (src/reminders/, the `streakNudge` and `weeklyRecap` flags) answer this once they are
 * merged. Until then every member wants both.
 */
export async function wantsMorningMessage(_userId: string, _kind: MorningMessageKind): Promise<boolean> {
  return true;
}
