import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toastActionError } from '@/features/auth/session';
import { useAccountAction } from './use-account-action';

vi.mock('@/features/auth/session', () => ({ toastActionError: vi.fn() }));

describe('useAccountAction', () => {
  it('leaves once it went through, and stays pending so a second press sends nothing', async () => {
    const leave = vi.fn();
    const { result } = renderHook(() => useAccountAction(() => Promise.resolve(), leave, 'Failed.'));
    await act(() => result.current.run());
    expect(leave).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
  });

  it('says the failure in the usual toast and gives the button back, without leaving', async () => {
    const leave = vi.fn();
    const refusal = new Error('503: Service Unavailable');
    const { result } = renderHook(() => useAccountAction(() => Promise.reject(refusal), leave, 'Failed.'));
    await act(() => result.current.run());
    expect(toastActionError).toHaveBeenCalledWith(refusal, 'Failed.');
    expect(leave).not.toHaveBeenCalled();
    expect(result.current.pending).toBe(false);
  });
});
