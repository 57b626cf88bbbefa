/**
 * The interface timings and limits of spec §9, in one place. The Radix providers and components read
 * them from here, so the unit test that checks these values checks what the product uses.
 */

/** One toast at a time: a new one replaces the one showing. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the store (its exit animation and announcement finish first). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long a toast shows unless it sets its own duration. */
export const TOAST_DURATION_MS = 5000;
/** A toast is swiped away to the right, once dragged past the threshold. */
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves focus to the toast region. */
export const TOAST_HOTKEY = ['F8'];
export const TOAST_MAX_WIDTH_PX = 420;

/** A tooltip opens after the pointer rests this long on its trigger. */
export const TOOLTIP_DELAY_MS = 700;
/** Scroll bars of a scroll area hide this long after scrolling stops. */
export const SCROLLBAR_HIDE_DELAY_MS = 600;
