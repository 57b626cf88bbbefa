import type { BadgeSummary, TimeClassification } from '@daybreak/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CelebrationDialog } from '@/features/celebration/celebration-dialog';

interface Scenario {
  id: string;
  label: string;
  description: string;
  classification: TimeClassification;
  newBadges: BadgeSummary[];
  nextEligibleBadges: BadgeSummary[];
}

const scenarios: Scenario[] = [
  {
    id: '5am',
    label: '5AM post',
    description: 'Posted at 5:02 AM: gold confetti (50 pieces).',
    classification: '5am',
    newBadges: [{ id: 'demo-first-light', name: 'First Light', emoji: '🌅', progress: 1, target: 1 }],
    nextEligibleBadges: [
      { id: 'demo-early-riser', name: 'Early Riser', emoji: '🐦', progress: 1, target: 5 },
    ],
  },
  {
    id: '6am',
    label: '6AM post',
    description: 'Posted at 6:10 AM: grey confetti (30 pieces).',
    classification: '6am',
    newBadges: [],
    nextEligibleBadges: [
      { id: 'demo-dawn-patrol', name: 'Dawn Patrol', emoji: '🌄', progress: 3, target: 7 },
    ],
  },
  {
    id: 'regular',
    label: 'Regular post',
    description: 'Posted at 9:30 AM: no confetti.',
    classification: 'none',
    newBadges: [],
    nextEligibleBadges: [],
  },
];

/** Internal page (spec §2): opens the celebration modal for each classification. */
export function CelebrationTestPage() {
  const [active, setActive] = useState<Scenario | null>(null);
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-black tracking-tight">Celebration test</h1>
      <p className="text-sm text-muted">Open the dialog shown after posting, for each kind of post.</p>
      <div className="grid gap-3 sm:grid-cols-3">
        {scenarios.map((scenario) => (
          <Card key={scenario.id} className="flex flex-col gap-3 p-4">
            <h2 className="font-black">{scenario.label}</h2>
            <p className="flex-1 text-sm text-muted">{scenario.description}</p>
            <Button
              variant="primary"
              onClick={() => setActive(scenario)}
              data-testid={`celebrate-${scenario.id}`}
            >
              Celebrate
            </Button>
          </Card>
        ))}
      </div>
      <CelebrationDialog
        // Remount per scenario so each run starts its timeline from 'entering'.
        key={active?.id ?? 'closed'}
        open={active !== null}
        classification={active?.classification}
        newBadges={active?.newBadges}
        nextEligibleBadges={active?.nextEligibleBadges}
        onComplete={() => setActive(null)}
      />
    </div>
  );
}
