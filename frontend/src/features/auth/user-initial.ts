import { displayName, type UserSummary } from '@daybreak/contracts';

type Named = Pick<UserSummary, 'firstName' | 'lastName' | 'profileName'>;

/** Spec §2 (header avatar): the initial of the first name, 'M' (for Member) when there is none. */
export function firstNameInitial(user: Pick<UserSummary, 'firstName'> | null | undefined): string {
  return (user?.firstName?.trim().charAt(0) || 'M').toUpperCase();
}

/** Avatar letter for anyone shown in a list: the first letter of their display name. */
export function displayInitial(user: Named | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}
