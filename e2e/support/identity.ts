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
