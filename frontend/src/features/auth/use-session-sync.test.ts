import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateTimezone } from '@/lib/profile-api';
import { fakeCurrentUser } from '@/test/fakes';
import { syncTimezone } from './use-session-sync';

vi.mock('@/lib/profile-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/profile-api')>()),
  updateTimezone: vi.fn(() => Promise.resolve()),
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
