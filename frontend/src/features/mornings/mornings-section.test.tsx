import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@daybreak/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { refusal } from '@/test/fakes';
import { fakeRoute } from '@/test/gateway';
import { renderComponent } from '@/test/render-component';
import { MorningsSection } from './mornings-section';

/** This device's push: off, until a test turns it on as the page's push toggle would. */
const pushListeners = vi.hoisted(() => new Set<(state: 'subscribed' | 'unsubscribed') => void>());
vi.mock('@/lib/push', async (original) => ({
  ...(await original<typeof import('@/lib/push')>()),
  currentPushState: async () => 'unsubscribed',
  onPushStateChange: (listener: (state: 'subscribed' | 'unsubscribed') => void) => {
    pushListeners.add(listener);
    return () => pushListeners.delete(listener);
  },
}));

/** A gateway that keeps what is PUT, answering it back; `refuse` answers the PUT with a 400 instead. */
function render({ refuse = false }: { refuse?: boolean } = {}) {
  let stored: ReminderSettings = { ...DEFAULT_REMINDER_SETTINGS, days: [...DEFAULT_REMINDER_SETTINGS.days] };
  const rendered = renderComponent(
    () => (
      <>
        <MorningsSection />
        <Toaster />
      </>
    ),
    {
      ...fakeRoute('GET /api/profile/reminders', () => stored),
      ...fakeRoute('PUT /api/profile/reminders', ({ init }) => {
        if (refuse) return refusal(400, 'REQUEST.INVALID', 'Choose at least one day');
        stored = JSON.parse(String(init?.body)) as ReminderSettings;
        return stored;
      }),
    },
  );
  return { ...rendered, stored: () => stored };
}

const checked = (testId: string) => screen.getByTestId(testId).getAttribute('aria-checked');

describe('MorningsSection', () => {
  it('shows the defaults: reminder off at 04:50 every day, nudge and recap on, in-app only without push', async () => {
    render();
    await screen.findByTestId('mornings-section');
    expect(checked('reminder-enabled')).toBe('false');
    expect(screen.getByTestId('reminder-time')).toHaveValue('04:50');
    for (const day of ['Monday', 'Sunday'])
      expect(screen.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
    expect(checked('reminder-streak-nudge')).toBe('true');
    expect(checked('reminder-weekly-recap')).toBe('true');
    expect(await screen.findByTestId('reminders-in-app-only')).toHaveTextContent(
      'Push is off on this device: reminders arrive in-app only.',
    );
    expect(screen.getByTestId('mornings-push-enable')).toBeVisible();
  });

  it('saves each change on top of the last, quick taps included', async () => {
    const { stored } = render();
    await screen.findByTestId('mornings-section');
    await userEvent.click(screen.getByTestId('reminder-enabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Saturday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    await userEvent.click(screen.getByTestId('reminder-streak-nudge'));

    await waitFor(() =>
      expect(stored()).toEqual({
        enabled: true,
        time: '04:50',
        days: [1, 2, 3, 4, 5],
        streakNudge: false,
        weeklyRecap: true,
      }),
    );
    expect(checked('reminder-enabled')).toBe('true');
  });

  it('keeps the last day: it cannot be taken away', async () => {
    render();
    await screen.findByTestId('mornings-section');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
      await userEvent.click(screen.getByRole('button', { name: day }));
    expect(screen.getByRole('button', { name: 'Sunday' })).toBeDisabled();
  });

  it('goes back and says why when the server refuses', async () => {
    render({ refuse: true });
    await screen.findByTestId('mornings-section');
    await userEvent.click(screen.getByTestId('reminder-enabled'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Choose at least one day');
    await waitFor(() => expect(checked('reminder-enabled')).toBe('false'));
  });

  it('offers the reminder once push is turned on, and turns it on', async () => {
    const { stored } = render();
    await screen.findByTestId('mornings-section');
    expect(screen.queryByTestId('reminder-offer')).toBeNull();
    act(() => pushListeners.forEach((listener) => listener('subscribed')));

    expect(await screen.findByTestId('reminder-offer')).toHaveTextContent(
      'Want a wake-up reminder at 04:50?',
    );
    expect(screen.queryByTestId('reminders-in-app-only')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'TURN ON REMINDER' }));
    await waitFor(() => expect(stored().enabled).toBe(true));
    expect(screen.queryByTestId('reminder-offer')).toBeNull();
  });
});
