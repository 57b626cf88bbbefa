import { randomUUID } from 'node:crypto';

/**
 * Who signs in at the development identity provider: a name and an e-mail nobody has used. A type,
 * not an interface, so that it is also the form's fields (a `Record<string, string>`).
 */
export type Identity = { name: string; email: string };

/**
 * A new member nobody has seen before: tests never depend on each other's data. The one way e2e
 * tests make a person, whether a browser signs in as them (story.ts) or a test calls the API as them
 * (member-api.ts).
 */
export function newMember(firstName: string, lastName = 'Early'): Identity {
  return {
    name: `${firstName} ${lastName}`,
    email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.test`,
  };
}

/**
 * The e2e stack's moderator (issue 42): DAYBREAK_MODERATORS names this e-mail in the e2e profile
 * (scripts/stack/profiles.mjs), as the dev stack names dev@daybreak.local.
 */
export const E2E_MODERATOR: Identity = { name: 'Mona Moderator', email: 'moderator@e2e.daybreak.test' };
