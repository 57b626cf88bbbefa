import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '@/lib/analytics';
import { updateTimezone } from '@/lib/api';
import { fakeCurrentUser } from '@/test/fakes';
import { NEW_ACCOUNT_WINDOW_MS, syncTimezone, trackSignUp } from './use-session-sync';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  updateTimezone: vi.fn(() => Promise.resolve()),
}));
vi.mock('@/lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/analytics')>()),
  trackEvent: vi.fn(),
}));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => vi.clearAllMocks());

describe('syncTimezone', () => {
  it("sends the browser's zone once per session when it differs", () => {
    const user = fakeCurrentUser({ timezone: 'America/New_York' });

    syncTimezone(user, 'Europe/Paris');
    syncTimezone(user, 'Europe/Paris');

    expect(updateTimezone).toHaveBeenCalledOnce();
    expect(updateTimezone).toHaveBeenCalledWith({ timezone: 'Europe/Paris' });
  });

  it('sends nothing when the stored zone already matches', () => {
    syncTimezone(fakeCurrentUser({ timezone: 'Europe/Paris' }), 'Europe/Paris');
    expect(updateTimezone).not.toHaveBeenCalled();
  });
});

describe('trackSignUp', () => {
  const now = Date.parse('2025-03-10T10:00:00.000Z');

  it('records sign_up once for an account created within the last minute', () => {
    const user = fakeCurrentUser({ createdAt: new Date(now - 5_000).toISOString() });

    trackSignUp(user, now);
    trackSignUp(user, now);

    expect(trackEvent).toHaveBeenCalledOnce();
    expect(trackEvent).toHaveBeenCalledWith('sign_up', expect.any(Object));
  });

  it('records nothing for an older account or one without createdAt', () => {
    trackSignUp(fakeCurrentUser({ createdAt: new Date(now - NEW_ACCOUNT_WINDOW_MS - 1).toISOString() }), now);
    trackSignUp(fakeCurrentUser(), now);
    expect(trackEvent).not.toHaveBeenCalled();
  });
});
