import { useEffect, useEffectEvent, useState } from 'react';
import { startCelebrationTimeline, type CelebrationPhase } from './celebration';

/** Drives the celebration while `active`; `onDone` fires when the confetti goes off (at 4 s). */
export function useCelebrationTimeline(active: boolean, onDone: () => void) {
  const [phase, setPhase] = useState<CelebrationPhase>('entering');
  const [confettiOver, setConfettiOver] = useState(false);
  const [wasActive, setWasActive] = useState(active);
  const done = useEffectEvent(onDone);

  // Each opening brings its confetti back. Reset while rendering, as a prop change asks, rather than
  // in the effect, which would render once more with the last opening's state.
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setConfettiOver(false);
  }

  useEffect(() => {
    if (!active) return;
    return startCelebrationTimeline({
      onPhase: setPhase,
      onConfettiOff: () => {
        setConfettiOver(true);
        done();
      },
    });
  }, [active]);

  return { phase, confettiOn: active && !confettiOver };
}
