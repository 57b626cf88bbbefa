import { useEffect, useEffectEvent, useState } from 'react';
import { startCelebrationTimeline, type CelebrationPhase } from './celebration';

/** Drives the celebration while `active`; `onDone` fires when the confetti goes off (at 4 s). */
export function useCelebrationTimeline(active: boolean, onDone: () => void) {
  const [phase, setPhase] = useState<CelebrationPhase>('entering');
  const [confettiOn, setConfettiOn] = useState(false);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    if (!active) return;
    setConfettiOn(true);
    return startCelebrationTimeline({
      onPhase: setPhase,
      onConfettiOff: () => {
        setConfettiOn(false);
        done();
      },
    });
  }, [active]);

  return { phase, confettiOn };
}
