/** The morning messages' texts (issue 43), in the notification list and in the push alike. */

export const streakAtRiskMessage = (streakLength: number): string =>
  `Your ${streakLength}-day streak ends at 6:30. Post now to keep it.`;

export const weeklyRecapMessage = (earlyMornings: number, rank: number): string =>
  `Last week: ${earlyMornings} early ${earlyMornings === 1 ? 'morning' : 'mornings'}, #${rank} among the people you follow.`;

/** Where the push opens the app: straight to writing this morning's post. */
export const MORNING_MESSAGE_URL = '/create-post';
