import { randomUUID } from 'node:crypto';

let sequence = 0;

/** A provider identity as the gateway would pass it at sign-in; override what a test cares about. */
export function fakeIdentity(
  overrides: Partial<{
    issuer: string;
    subject: string;
    email: string;
    firstName: string;
    lastName: string;
  }> = {},
) {
  sequence += 1;
  const firstName = overrides.firstName ?? `Ana${sequence}`;
  return {
    issuer: 'http://idp.test',
    subject: randomUUID(),
    email: `${firstName.toLowerCase()}.${sequence}@example.test`,
    firstName,
    lastName: 'Early',
    ...overrides,
  };
}
