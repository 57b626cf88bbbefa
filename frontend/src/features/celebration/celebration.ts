import type { TimeClassification } from '@daybreak/contracts';

export interface CelebrationStyle {
  title: 'LEGENDARY 5AM POST!' | 'STELLAR 6AM POST!' | 'MORNING VICTORY!';
  confettiCount: number;
  /** Confetti palette; empty when there is no confetti. */
  confettiColors: readonly string[];
}

const GOLD = ['#fbbf24', '#f59e0b', '#fcd34d', '#d97706', '#fde68a'] as const;
const GREY = ['#9ca3af', '#d1d5db', '#6b7280', '#e5e7eb'] as const;

/** Spec §2: gold confetti for 5am, grey for 6am, none otherwise. */
export function celebrationFor(classification: TimeClassification | null | undefined): CelebrationStyle {
  if (classification === '5am')
    return { title: 'LEGENDARY 5AM POST!', confettiCount: 50, confettiColors: GOLD };
  if (classification === '6am')
    return { title: 'STELLAR 6AM POST!', confettiCount: 30, confettiColors: GREY };
  return { title: 'MORNING VICTORY!', confettiCount: 0, confettiColors: [] };
}

export type CelebrationPhase = 'entering' | 'celebrating' | 'fading';

/** Spec §4: entering, celebrating after 0.5 s, fading at 3 s, confetti off at 4 s. */
export const CELEBRATION_TIMELINE_MS = {
  celebrating: 500,
  fading: 3000,
  confettiOff: 4000,
} as const;

export interface CelebrationTimelineHandlers {
  onPhase: (phase: CelebrationPhase) => void;
  onConfettiOff: () => void;
}

/** Runs the timeline from 'entering'; returns a cancel function (for unmount or an early close). */
export function startCelebrationTimeline({
  onPhase,
  onConfettiOff,
}: CelebrationTimelineHandlers): () => void {
  onPhase('entering');
  const timers = [
    setTimeout(() => onPhase('celebrating'), CELEBRATION_TIMELINE_MS.celebrating),
    setTimeout(() => onPhase('fading'), CELEBRATION_TIMELINE_MS.fading),
    setTimeout(onConfettiOff, CELEBRATION_TIMELINE_MS.confettiOff),
  ];
  return () => timers.forEach(clearTimeout);
}
