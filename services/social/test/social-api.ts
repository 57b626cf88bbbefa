import { randomUUID } from 'node:crypto';
import { asViewer, fakeIdentity } from '@daybreak/testing';
import request from 'supertest';

/**
 * Calls the social service as the gateway would for `viewerId` (a member, or null: a guest). `url`
 * is read at each call: specs build their callers before `beforeAll` has started the service.
 */
export function socialApi(url: () => string, viewerId: string | null, role: { isModerator?: true } = {}) {
  const as = (test: request.Test) => test.set(asViewer('social', viewerId, role));
  return {
    get: (path: string) => as(request(url()).get(path)),
    post: (path: string, body?: object) => as(request(url()).post(path)).send(body),
    put: (path: string, body?: unknown) => as(request(url()).put(path)).send(body as object),
    delete: (path: string) => as(request(url()).delete(path)),
  };
}

/** A new member, signed in as a first sign-in would, with their caller; names unique to the test. */
export async function newSocialMember(url: () => string, firstName = `M${randomUUID().slice(0, 6)}`) {
  const response = await request(url())
    .post('/users/sign-in')
    .set(asViewer('social', null))
    .send(fakeIdentity({ firstName }))
    .expect(200);
  const id: string = response.body.id;
  return { id, email: response.body.email as string, firstName, ...socialApi(url, id) };
}
