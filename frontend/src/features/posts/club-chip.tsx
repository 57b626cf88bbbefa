import type { TimeClassification } from '@daybreak/contracts';
import { CloudSun, Sun } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Spec §4: only 5am and 6am posts show a club chip. */
export function ClubChip({ classification }: { classification: TimeClassification | null | undefined }) {
  if (classification === '5am') {
    return (
      <Badge variant="gold" data-testid="club-chip">
        <Sun className="size-3" aria-hidden="true" /> 5AM CLUB
      </Badge>
    );
  }
  if (classification === '6am') {
    return (
      <Badge variant="silver" data-testid="club-chip">
        <CloudSun className="size-3" aria-hidden="true" /> 6AM CLUB
      </Badge>
    );
  }
  return null;
}
