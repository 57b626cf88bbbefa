import { SIGN_IN_OUTCOME_COOKIE } from '@daybreak/contracts';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '@/lib/analytics';
import { useSignInTracking } from './sign-in-tracking';

vi.mock('@/lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/analytics')>()),
  trackEvent: vi.fn(),
}));

const setOutcome = (value: string) => {
  document.cookie = `${SIGN_IN_OUTCOME_COOKIE}=${value}; Path=/`;
};

afterEach(() => {
  document.cookie = `${SIGN_IN_OUTCOME_COOKIE}=; Max-Age=0; Path=/`;
  vi.clearAllMocks();
});

describe('useSignInTracking', () => {
  it.each([
    ['new', 'sign_up'],
    ['returning', 'login'],
  ])('records one %s sign-in as %s and clears the cookie', (outcome, event) => {
    setOutcome(outcome);

    const { rerender } = renderHook(({ signedIn }) => useSignInTracking(signedIn), {
      initialProps: { signedIn: true },
    });
    rerender({ signedIn: false });
    rerender({ signedIn: true });

    expect(trackEvent).toHaveBeenCalledExactlyOnceWith(event, { method: 'daybreak_oidc' });
    expect(document.cookie).not.toContain(SIGN_IN_OUTCOME_COOKIE);
  });

  it('records nothing without a sign-in outcome, or before the member is known to be signed in', () => {
    renderHook(() => useSignInTracking(true));
    setOutcome('new');
    renderHook(() => useSignInTracking(false));
    setOutcome('something-else');
    renderHook(() => useSignInTracking(true));

    expect(trackEvent).not.toHaveBeenCalled();
  });
});
