import { act, fireEvent, render, screen } from '@testing-library/react';
import { forwardRef, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  SCROLLBAR_HIDE_DELAY_MS,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH_PX,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
  TOOLTIP_DELAY_MS,
} from './constants';
import { ScrollArea } from './scroll-area';
import { Toaster } from './toaster';
import { Tooltip, TooltipProvider } from './tooltip';
import { toast } from './use-toast';

// The props our components hand to Radix, recorded on the way through to the real primitives.
const handed = vi.hoisted(() => ({
  toastProvider: [] as object[],
  tooltipProvider: [] as object[],
  scrollAreaRoot: [] as object[],
}));

vi.mock('radix-ui', async (importOriginal) => {
  const radix = await importOriginal<typeof import('radix-ui')>();
  const ScrollAreaRoot = forwardRef<HTMLDivElement, ComponentProps<typeof radix.ScrollArea.Root>>(
    (props, ref) => {
      handed.scrollAreaRoot.push(props);
      return <radix.ScrollArea.Root ref={ref} {...props} />;
    },
  );
  return {
    ...radix,
    Toast: {
      ...radix.Toast,
      Provider: (props: ComponentProps<typeof radix.Toast.Provider>) => {
        handed.toastProvider.push(props);
        return <radix.Toast.Provider {...props} />;
      },
    },
    Tooltip: {
      ...radix.Tooltip,
      Provider: (props: ComponentProps<typeof radix.Tooltip.Provider>) => {
        handed.tooltipProvider.push(props);
        return <radix.Tooltip.Provider {...props} />;
      },
    },
    ScrollArea: { ...radix.ScrollArea, Root: ScrollAreaRoot },
  };
});

describe('the interface constants of spec §9', () => {
  it('has the spec values', () => {
    expect({
      TOAST_LIMIT,
      TOAST_REMOVE_DELAY_MS,
      TOAST_DURATION_MS,
      TOAST_SWIPE_DIRECTION,
      TOAST_SWIPE_THRESHOLD_PX,
      TOAST_HOTKEY,
      TOAST_MAX_WIDTH_PX,
      TOOLTIP_DELAY_MS,
      SCROLLBAR_HIDE_DELAY_MS,
    }).toEqual({
      TOAST_LIMIT: 1,
      TOAST_REMOVE_DELAY_MS: 1_000_000,
      TOAST_DURATION_MS: 5000,
      TOAST_SWIPE_DIRECTION: 'right',
      TOAST_SWIPE_THRESHOLD_PX: 50,
      TOAST_HOTKEY: ['F8'],
      TOAST_MAX_WIDTH_PX: 420,
      TOOLTIP_DELAY_MS: 700,
      SCROLLBAR_HIDE_DELAY_MS: 600,
    });
  });

  it('toasts: swipe right past 50 px, one at a time, 420 px wide at most, shown 5000 ms, F8 focuses the region', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    expect(handed.toastProvider.at(-1)).toMatchObject({
      duration: 5000,
      swipeDirection: 'right',
      swipeThreshold: 50,
    });

    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveTextContent('Second');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    const region = screen.getByRole('region').querySelector('ol')!;
    expect(region).toHaveStyle({ maxWidth: '420px' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region).toHaveFocus();
  });

  it('tooltips open after 700 ms', () => {
    render(
      <TooltipProvider>
        <Tooltip label="Notifications">
          <button type="button">Bell</button>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(handed.tooltipProvider.at(-1)).toMatchObject({ delayDuration: 700 });
  });

  it('scroll bars hide 600 ms after scrolling', () => {
    render(<ScrollArea>Long list</ScrollArea>);
    expect(handed.scrollAreaRoot.at(-1)).toMatchObject({ type: 'scroll', scrollHideDelay: 600 });
  });
});
