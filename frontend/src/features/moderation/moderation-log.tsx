import { displayName, type ModerationLogEntry, type SuspendedMember } from '@daybreak/contracts';
import { Button } from '@/components/ui/button';
import { MemberNameLink } from '@/features/profile/member-name-link';
import { formatRelativeShort } from '@/lib/time';
import { ModerationPanel } from './moderation-panel';
import { TARGET_WORDS } from './report-words';

const ACTION_WORDS: Record<ModerationLogEntry['action'], string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  suspend: 'suspended the author of',
  unsuspend: 'lifted the suspension of',
  unhide: 'unhid',
};

/** A reported member's suspension names them, not "the author of" them. */
const actionWords = (entry: ModerationLogEntry) =>
  entry.action === 'suspend' && entry.targetType === 'user' ? 'suspended' : ACTION_WORDS[entry.action];

/** The members suspended now, each with UNSUSPEND. */
export function SuspendedMembers({
  members,
  pending,
  onUnsuspend,
}: {
  members: SuspendedMember[];
  pending: boolean;
  onUnsuspend: (member: SuspendedMember) => void;
}) {
  return (
    <ModerationPanel
      title="Suspended members"
      isEmpty={members.length === 0}
      emptyText="Nobody is suspended."
      testId="suspended-members"
    >
      <ul className="divide-y divide-line-soft">
        {members.map((member) => (
          <li key={member.id} className="flex items-center gap-3 py-2" data-testid="suspended-member">
            <MemberNameLink member={member} className="min-w-0 flex-1" />
            <Button
              size="sm"
              variant="outline"
              disabled={pending}
              onClick={() => onUnsuspend(member)}
              data-testid="moderation-unsuspend"
            >
              UNSUSPEND
            </Button>
          </li>
        ))}
      </ul>
    </ModerationPanel>
  );
}

/** Who decided what, when and why: the audit log, newest first. */
export function ModerationLog({ entries, now }: { entries: ModerationLogEntry[]; now: Date }) {
  return (
    <ModerationPanel
      title="Audit log"
      isEmpty={entries.length === 0}
      emptyText="No decisions yet."
      testId="moderation-log"
    >
      <ol className="space-y-2 text-sm">
        {entries.map((entry) => (
          <li key={entry.id} className="text-ink-soft" data-testid="moderation-log-entry">
            <span className="font-bold text-ink">{displayName(entry.moderator)}</span> {actionWords(entry)}{' '}
            {entry.action === 'unsuspend' || entry.targetType === 'user'
              ? displayName(entry.subject)
              : `${displayName(entry.subject)}'s ${TARGET_WORDS[entry.targetType]}`}{' '}
            <time dateTime={entry.createdAt} className="text-xs text-subtle">
              {formatRelativeShort(entry.createdAt, now)}
            </time>
            {entry.note && <p className="text-xs text-muted">“{entry.note}”</p>}
          </li>
        ))}
      </ol>
    </ModerationPanel>
  );
}
