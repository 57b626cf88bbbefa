import type { BadgeSummary, TimeClassification } from '@daybreak/contracts';
import { Award, Sparkles, Sun, Sunrise } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { BadgeTarget } from '@/features/badges/badge-progress-bar';
import { cn } from '@/lib/cn';
import { celebrationFor, type CelebrationPhase } from './celebration';
import { Confetti } from './confetti';
import { useCelebrationTimeline } from './use-celebration-timeline';

export interface CelebrationDialogProps {
  open: boolean;
  classification: TimeClassification | null | undefined;
  newBadges?: readonly BadgeSummary[];
  nextEligibleBadges?: readonly BadgeSummary[];
  /** The timeline ended (confetti off at 4 s) or the member closed the dialog. */
  onComplete: () => void;
}

const phaseClass: Record<CelebrationPhase, string> = {
  entering: 'scale-90 opacity-0 duration-500',
  celebrating: 'scale-100 opacity-100 duration-500',
  fading: 'scale-100 opacity-0 duration-1000',
};

const subtitle = {
  '5am': 'You were up before the sun. That is the 5AM club.',
  '6am': 'Up with the first light. The 6AM club salutes you.',
  other: 'Every morning you show up counts. Keep the momentum!',
} as const;

export function CelebrationDialog({
  open,
  classification,
  newBadges = [],
  nextEligibleBadges = [],
  onComplete,
}: CelebrationDialogProps) {
  const style = celebrationFor(classification);
  const { phase, confettiOn } = useCelebrationTimeline(open, onComplete);
  const Icon = classification === '5am' ? Sun : classification === '6am' ? Sunrise : Sparkles;
  const kind = classification === '5am' || classification === '6am' ? classification : 'other';
  // The server lists the closest badge first (spec §3 next-eligible badges).
  const nextTarget = nextEligibleBadges[0];

  return (
    <>
      {open && confettiOn && <Confetti count={style.confettiCount} colors={style.confettiColors} />}
      <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onComplete()}>
        <DialogContent
          hideClose
          data-testid="celebration-dialog"
          data-phase={phase}
          size="sm"
          className={cn('text-center transition-all ease-out', phaseClass[phase])}
        >
          <div className="mx-auto flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 to-orange-500 text-on-accent shadow-lg shadow-orange-300">
            <Icon className="size-10" aria-hidden="true" />
          </div>
          <DialogTitle large data-testid="celebration-title">
            {style.title}
          </DialogTitle>
          <DialogDescription>{subtitle[kind]}</DialogDescription>

          {newBadges.length > 0 && (
            <section
              className="rounded-xl bg-highlight p-3 text-left"
              aria-label="New badges"
              data-testid="celebration-new-badges"
            >
              <h3 className="flex items-center gap-1 text-xs font-black tracking-widest text-highlight-ink">
                <Award className="size-4" aria-hidden="true" /> NEW BADGE{newBadges.length > 1 ? 'S' : ''}
              </h3>
              <ul className="mt-2 space-y-1">
                {newBadges.map((badge) => (
                  <li
                    key={badge.id}
                    className="text-sm font-bold text-ink"
                    data-testid="celebration-badge"
                    data-badge-id={badge.id}
                  >
                    <span aria-hidden="true">{badge.emoji}</span> {badge.name}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {nextTarget && (
            <section className="text-left" aria-label="Next target" data-testid="celebration-next-target">
              <h3 className="mb-2 text-xs font-black tracking-widest text-subtle">NEXT TARGET</h3>
              <BadgeTarget badge={nextTarget} />
            </section>
          )}

          <Button variant="primary" onClick={onComplete} data-testid="celebration-continue">
            CONTINUE
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}
