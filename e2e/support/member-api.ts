import { signInMember } from '@daybreak/testing';
import { callerFor, cookieHeader, type ApiCaller } from './api-caller';
import { memberVerbs, readVerbs } from './api-verbs';
import { newMember, type Identity } from './identity';

export type { ApiCaller } from './api-caller';
export { postForm, refusalOf } from './api-verbs';

/** A visitor who is not signed in: the raw `call`, and the reads anyone may make. */
export type Guest = ApiCaller & ReturnType<typeof readVerbs>;

/**
 * A signed-in member: the raw `call` (for what a test asserts about refusals and headers), typed
 * verbs on the contract (`ana.post({ content })`, `ben.like(post)`, `ben.follow(ana)`), its id, and
 * its session cookie for requests made by hand (see e2e/support/openapi).
 */
export type Member = Guest &
  ReturnType<typeof memberVerbs> & { id: string; cookie: string; identity: Identity };

export function guest(baseUrl: string): Guest {
  const caller = callerFor(baseUrl, null);
  return { ...caller, ...readVerbs(caller) };
}

/** Signs a new member in (`firstName` Early, see identity.ts), or the `identity` a test made. */
export async function member(baseUrl: string, who: string | Identity): Promise<Member> {
  const identity = typeof who === 'string' ? newMember(who) : who;
  const browser = await signInMember(baseUrl, identity);
  const caller = callerFor(baseUrl, browser);
  const reads = readVerbs(caller);
  const me = await reads.me();
  return {
    ...caller,
    ...reads,
    ...memberVerbs(caller),
    id: me.body.id,
    cookie: cookieHeader(browser),
    identity,
  };
}
