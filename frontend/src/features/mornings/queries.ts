import type { ReminderSettings } from '@daybreak/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchReminderSettings, saveReminderSettings } from '@/lib/profile-api';

export const reminderKeys = { settings: ['/api/profile/reminders'] as const };
const SAVE_KEY = ['save', ...reminderKeys.settings];

/** The member's mornings (issue 43). */
export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: reminderKeys.settings,
    queryFn: ({ signal }) => fetchReminderSettings({ signal }),
  });
}

/**
 * Changes the settings and saves them whole: shown at once, each change on top of the one before
 * (two quick taps both count), saved one after another in order (the scope), so the server ends with
 * the last. A failed save goes back to what the server has.
 */
export function useChangeReminderSettings(onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: 'reminder-settings' },
    mutationFn: saveReminderSettings,
    onError: (error) => {
      onFailed(error);
      void queryClient.invalidateQueries({ queryKey: reminderKeys.settings });
    },
    // The last save's answer is the truth; an earlier one's would undo the changes still queued.
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) === 1)
        queryClient.setQueryData(reminderKeys.settings, saved);
    },
  });
  return (update: Partial<ReminderSettings>) => {
    const current = queryClient.getQueryData<ReminderSettings>(reminderKeys.settings);
    if (!current) return;
    const next = { ...current, ...update };
    queryClient.setQueryData(reminderKeys.settings, next);
    save.mutate(next);
  };
}
