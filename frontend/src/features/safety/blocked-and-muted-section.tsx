import { displayName, type BlockedMember } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { displayInitial } from '@/features/auth/user-initial';
import type { SafetyKind } from '@/lib/safety-api';
import { safetyListQueryOptions } from './queries';
import { SAFETY_WORDS } from './safety-words';
import { useSafetyAction } from './use-safety-action';

const headings: Record<SafetyKind, string> = { block: 'Blocked', mute: 'Muted' };

/** The own profile's "Blocked and muted": who the member blocked and muted, each with its undo. */
export function BlockedAndMutedSection() {
  const blocked = useQuery(safetyListQueryOptions('block'));
  const muted = useQuery(safetyListQueryOptions('mute'));
  const none = blocked.data?.length === 0 && muted.data?.length === 0;

  return (
    <section className="space-y-3" aria-labelledby="blocked-and-muted" data-testid="blocked-and-muted">
      <h2 id="blocked-and-muted" className="text-xs font-black tracking-widest text-subtle uppercase">
        Blocked and muted
      </h2>
      <Card className="divide-y divide-line-soft">
        {none ? (
          <p className="px-6 py-6 text-center text-sm text-subtle" data-testid="blocked-and-muted-empty">
            You haven't blocked or muted anyone.
          </p>
        ) : (
          (['block', 'mute'] as const).map((kind) => (
            <SafetyList key={kind} kind={kind} query={kind === 'block' ? blocked : muted} />
          ))
        )}
      </Card>
    </section>
  );
}

function SafetyList({
  kind,
  query,
}: {
  kind: SafetyKind;
  query: { data?: BlockedMember[]; isPending: boolean; isLoadingError: boolean };
}) {
  if (query.isPending) return <Skeleton className="m-4 h-10" />;
  if (query.isLoadingError) return <p className="px-4 py-3 text-sm text-subtle">Unable to load this list.</p>;
  if (!query.data?.length) return null;
  return (
    <div className="py-2" data-testid={`${kind}-list`}>
      <h3 className="px-4 pt-2 text-xs font-bold tracking-wide text-subtle uppercase">{headings[kind]}</h3>
      <ul>
        {query.data.map((member) => (
          <SafetyRow key={member.id} kind={kind} member={member} />
        ))}
      </ul>
    </div>
  );
}

function SafetyRow({ kind, member }: { kind: SafetyKind; member: BlockedMember }) {
  const { run, pending } = useSafetyAction(kind);
  const name = displayName(member);
  return (
    <li className="flex items-center gap-3 px-4 py-2" data-testid={`${kind}-row`} data-user-id={member.id}>
      <Link
        to="/profile/$userId"
        params={{ userId: member.id }}
        className="flex min-w-0 flex-1 items-center gap-3 hover:underline"
      >
        <Avatar src={member.profileImageUrl} initial={displayInitial(member)} alt="" size="sm" />
        <span className="truncate font-bold text-ink">{name}</span>
      </Link>
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        onClick={() => void run({ id: member.id, name }, false)}
        aria-label={`${SAFETY_WORDS[kind].undo} ${name}`}
        data-testid={`un${kind}-row-button`}
      >
        {SAFETY_WORDS[kind].undo}
      </Button>
    </li>
  );
}
