import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardNavigate, redirectToLogin } from '@/lib/navigation';
import { handleUnauthorized, logout, promptGuestLogin, toastActionError } from './session';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  redirectToLogin: vi.fn(),
  hardNavigate: vi.fn(),
}));

const toastSpy = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/ui/use-toast')>()),
  toast: toastSpy,
}));

describe('session flows', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(redirectToLogin).mockClear();
    toastSpy.mockClear();
  });

  it("on a 401, says 'Unauthorized' and logs in again after 0.5 s", () => {
    expect(handleUnauthorized(new Error('401: {"message":"Unauthorized"}'))).toBe(true);

    expect(toastSpy).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      }),
    );
    vi.advanceTimersByTime(499);
    expect(redirectToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });

  it('leaves other errors to the caller', () => {
    expect(handleUnauthorized(new Error('500: boom'))).toBe(false);
    toastActionError(new Error('500: boom'), 'Failed to update like. Please try again.');

    expect(toastSpy).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Failed to update like. Please try again.',
        variant: 'destructive',
      }),
    );
    vi.runAllTimers();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('tells a guest, then sends them to login after 1.5 s', () => {
    promptGuestLogin('Log in to like posts.');

    expect(toastSpy).toHaveBeenCalledWith(expect.objectContaining({ description: 'Log in to like posts.' }));
    vi.advanceTimersByTime(1499);
    expect(redirectToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirectToLogin).toHaveBeenCalledOnce();
  });
});

describe('logout', () => {
  beforeEach(() => {
    vi.mocked(hardNavigate).mockClear();
  });

  it('leaves the SPA for /api/logout, a full-page navigation (spec §2)', () => {
    logout();
    expect(hardNavigate).toHaveBeenCalledWith('/api/logout');
  });
});
