import { Card } from '@/components/ui/card';

/**
 * A marked place for a part of a screen that another issue builds (badges, the push toggle, the
 * leaderboard). It says so plainly and shows no made-up data.
 */
export function FeatureSlot({ name, testId, note }: { name: string; testId: string; note?: string }) {
  return (
    <Card className="border-dashed px-5 py-4 text-center text-stone-500 shadow-none" data-testid={testId}>
      <p className="text-xs font-black tracking-widest uppercase">{name}</p>
      <p className="mt-1 text-xs">{note ?? 'Coming soon.'}</p>
    </Card>
  );
}
