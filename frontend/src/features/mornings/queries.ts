import type { ReminderSettings } from '@daybreak/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchReminderSettings, saveReminderSettings } from '@/lib/api';

export const reminderKeys = { settings: ['/api/profile/reminders'] as const };

/** The member's mornings (issue 43). */
export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: reminderKeys.settings,
    queryFn: ({ signal }) => fetchReminderSettings({ signal }),
  });
}

/**
 * Saves the whole settings. The section shows the change at once and goes back to what was stored
 * when the save fails.
 */
export function useSaveReminderSettings(onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminderSettings,
    onMutate: async (settings: ReminderSettings) => {
      await queryClient.cancelQueries({ queryKey: reminderKeys.settings });
      const before = queryClient.getQueryData<ReminderSettings>(reminderKeys.settings);
      queryClient.setQueryData(reminderKeys.settings, settings);
      return { before };
    },
    onError: (error, _settings, context) => {
      if (context?.before) queryClient.setQueryData(reminderKeys.settings, context.before);
      onFailed(error);
    },
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.settings, saved),
  });
}
