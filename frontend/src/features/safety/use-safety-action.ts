import { toast } from '@/components/ui/use-toast';
import { toastActionError } from '@/features/auth/session';
import { errorDetail } from '@/lib/api-client';
import type { SafetyKind } from '@/lib/safety-api';
import { useSafetyChange } from './queries';
import { SAFETY_WORDS } from './safety-words';

/**
 * Blocks or mutes (`on`), or lifts it, and says so in a toast; the server's message when it refuses.
 * Answers whether it went through, so a confirm dialog closes only then.
 */
export function useSafetyAction(kind: SafetyKind) {
  const change = useSafetyChange(kind);
  const words = SAFETY_WORDS[kind];
  async function run(member: { id: string; name: string }, on: boolean): Promise<boolean> {
    try {
      await change.mutateAsync({ userId: member.id, on });
    } catch (error) {
      toastActionError(error, errorDetail(error) ?? words.failed);
      return false;
    }
    toast({
      title: on ? words.done : words.undone,
      description: on ? words.doneDescription(member.name) : words.undoneDescription(member.name),
      variant: 'success',
    });
    return true;
  }
  return { run, pending: change.isPending };
}
