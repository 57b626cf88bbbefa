import { displayName, type LeaderboardEntry } from '@daybreak/contracts';

type Listed = Pick<LeaderboardEntry, 'profileName' | 'firstName' | 'lastName' | 'email'>;

/**
 * Spec §3, for lists that know an e-mail: profileName, else first plus last, else first name, else the
 * local part of the e-mail, else 'User'.
 */
export function listDisplayName(member: Listed): string {
  const name = displayName(member, '');
  if (name) return name;
  const localPart = member.email?.split('@')[0]?.trim();
  return localPart || 'User';
}
