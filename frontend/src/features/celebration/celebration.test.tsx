import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { celebrationFor, startCelebrationTimeline, type CelebrationPhase } from './celebration';
import { CelebrationDialog } from './celebration-dialog';

describe('celebrationFor', () => {
  it('maps each classification to its title and confetti', () => {
    expect(celebrationFor('5am')).toMatchObject({ title: 'LEGENDARY 5AM POST!', confettiCount: 50 });
    expect(celebrationFor('6am')).toMatchObject({ title: 'STELLAR 6AM POST!', confettiCount: 30 });
    expect(celebrationFor('none')).toMatchObject({
      title: 'MORNING VICTORY!',
      confettiCount: 0,
      confettiColors: [],
    });
    expect(celebrationFor(undefined).title).toBe('MORNING VICTORY!');
  });

  it('uses gold for 5am and grey for 6am', () => {
    expect(celebrationFor('5am').confettiColors).toContain('#fbbf24');
    expect(celebrationFor('6am').confettiColors).toContain('#9ca3af');
  });
});

describe('startCelebrationTimeline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  function setup() {
    const phases: [number, CelebrationPhase][] = [];
    const confettiOff = vi.fn();
    const start = Date.now();
    const cancel = startCelebrationTimeline({
      onPhase: (phase) => phases.push([Date.now() - start, phase]),
      onConfettiOff: confettiOff,
    });
    return { phases, confettiOff, cancel };
  }

  it('enters, celebrates at 0.5 s, fades at 3 s and turns confetti off at 4 s', () => {
    const { phases, confettiOff } = setup();

    vi.advanceTimersByTime(499);
    expect(phases).toEqual([[0, 'entering']]);
    vi.advanceTimersByTime(1);
    expect(phases.at(-1)).toEqual([500, 'celebrating']);
    vi.advanceTimersByTime(2500);
    expect(phases.at(-1)).toEqual([3000, 'fading']);
    expect(confettiOff).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(confettiOff).toHaveBeenCalledOnce();
  });

  it('stops when cancelled', () => {
    const { phases, confettiOff, cancel } = setup();

    cancel();
    vi.advanceTimersByTime(5000);

    expect(phases).toEqual([[0, 'entering']]);
    expect(confettiOff).not.toHaveBeenCalled();
  });
});

describe('CelebrationDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  function setup(classification: '5am' | '6am' | 'none') {
    const onComplete = vi.fn();
    render(<CelebrationDialog open classification={classification} onComplete={onComplete} />);
    return { onComplete, pieces: () => screen.queryAllByTestId('confetti-piece') };
  }

  it.each([
    ['5am', 'LEGENDARY 5AM POST!', 50],
    ['6am', 'STELLAR 6AM POST!', 30],
    ['none', 'MORNING VICTORY!', 0],
  ] as const)('%s: %s with %i confetti pieces', (classification, title, pieces) => {
    const view = setup(classification);

    expect(screen.getByTestId('celebration-title')).toHaveTextContent(title);
    expect(view.pieces()).toHaveLength(pieces);
  });

  it('walks the phases, then clears the confetti and completes at 4 s', () => {
    const { onComplete, pieces } = setup('5am');
    const dialog = screen.getByTestId('celebration-dialog');
    expect(dialog).toHaveAttribute('data-phase', 'entering');

    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(dialog).toHaveAttribute('data-phase', 'celebrating');
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(dialog).toHaveAttribute('data-phase', 'fading');
    expect(pieces()).toHaveLength(50);
    act(() => {
      vi.advanceTimersByTime(1000);
    });

    expect(pieces()).toHaveLength(0);
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('brings the confetti back when it opens again', () => {
    const onComplete = vi.fn();
    const dialog = (open: boolean) => (
      <CelebrationDialog open={open} classification="5am" onComplete={onComplete} />
    );
    const view = render(dialog(true));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryAllByTestId('confetti-piece')).toHaveLength(0);

    view.rerender(dialog(false));
    view.rerender(dialog(true));

    expect(screen.queryAllByTestId('confetti-piece')).toHaveLength(50);
  });
});

describe('CelebrationDialog badges', () => {
  it('shows the badges just earned under the headline, and the next target with its progress', () => {
    render(
      <CelebrationDialog
        open
        classification="5am"
        newBadges={[
          { id: 'first-light', name: 'First Light', emoji: '🌅', progress: 1, target: 1 },
          { id: 'early-five', name: 'Early Five', emoji: '🐦', progress: 5, target: 5 },
        ]}
        nextEligibleBadges={[
          { id: 'dawn-patrol', name: 'Dawn Patrol', emoji: '🌄', progress: 3, target: 7 },
          { id: 'week-warrior', name: 'Week Warrior', emoji: '🔥', progress: 1, target: 7 },
        ]}
        onComplete={() => undefined}
      />,
    );

    const title = screen.getByTestId('celebration-title');
    const newBadges = screen.getByTestId('celebration-new-badges');
    expect(title.compareDocumentPosition(newBadges) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(newBadges).toHaveTextContent('NEW BADGES');
    expect(screen.getAllByTestId('celebration-badge').map((badge) => badge.textContent)).toEqual([
      '🌅 First Light',
      '🐦 Early Five',
    ]);
    const next = screen.getByTestId('celebration-next-target');
    expect(next).toHaveTextContent('Dawn Patrol');
    expect(next).toHaveTextContent('3/7');
    expect(next).not.toHaveTextContent('Week Warrior');
    expect(screen.getByRole('progressbar', { name: 'Dawn Patrol progress' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
  });

  it('shows neither section when the post earned nothing and nothing is next', () => {
    render(<CelebrationDialog open classification="none" onComplete={() => undefined} />);

    expect(screen.queryByTestId('celebration-new-badges')).toBeNull();
    expect(screen.queryByTestId('celebration-next-target')).toBeNull();
  });
});
