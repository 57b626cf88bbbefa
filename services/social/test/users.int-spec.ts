import { asViewer, fakeIdentity, outboxRows, waitFor } from '@daybreak/testing';
import request from 'supertest';
import { socialUnderTest } from './social-under-test';

describe('social: users (real Postgres and Kafka)', () => {
  const service = socialUnderTest();

  const signIn = (identity: object = fakeIdentity()) =>
    request(service().url).post('/users/sign-in').set(asViewer('social', null)).send(identity);

  it('registers a member on first sign-in and publishes user.registered through the outbox', async () => {
    const identity = fakeIdentity({ firstName: 'Ana', lastName: 'Dawn' });

    const response = await signIn(identity).expect(200);

    expect(response.body).toMatchObject({
      email: identity.email,
      firstName: 'Ana',
      lastName: 'Dawn',
      profileName: null,
      isNewMember: true,
    });
    const published = await waitFor(
      async () => {
        const rows = await outboxRows('social', 'user.registered');
        const row = rows.find((candidate) => candidate.envelope.payload.userId === response.body.id);
        return row?.publishedAt ? row : undefined;
      },
      { description: 'user.registered to be published' },
    );
    expect(published.envelope.payload).toMatchObject({ firstName: 'Ana', lastName: 'Dawn' });
  });

  it('returns the same member on later sign-ins, even when they race', async () => {
    const identity = fakeIdentity();

    const results = await Promise.all([signIn(identity), signIn(identity), signIn(identity)]);

    const ids = new Set(results.map((result) => result.body.id));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(ids.size).toBe(1);
    // Exactly one of the racing sign-ins created the member.
    expect(results.map((result) => result.body.isNewMember).sort()).toEqual([false, false, true]);
  });

  it('accepts any e-mail address the identity provider vouches for', async () => {
    for (const email of ['bang!mail@example.test', '"quoted local"@example.test', 'user@localhost']) {
      const response = await signIn(fakeIdentity({ email })).expect(200);
      expect(response.body.email).toBe(email);
    }
  });

  it('rejects a sign-in that cannot be stored (a NUL in a name) with a readable 400', async () => {
    const response = await signIn(fakeIdentity({ firstName: 'Nul\u0000Name' })).expect(400);

    expect(response.body).toMatchObject({ statusCode: 400, code: 'REQUEST.INVALID' });
    expect(response.body.message).toMatch(/firstName cannot contain control characters/);
  });

  it("keeps the browser's time zone from sign-in, refusing one that does not exist", async () => {
    const identity = fakeIdentity();
    const { body: first } = await signIn({ ...identity, timezone: 'Europe/Paris' }).expect(200);
    await signIn({ ...identity, timezone: 'Asia/Tokyo' }).expect(200);
    const profile = await request(service().url).get(`/users/${first.id}`).set(asViewer('social', first.id));
    expect(profile.body.timezone).toBe('Asia/Tokyo');
    const updates = await outboxRows('social', 'user.updated');
    expect(updates.some((row) => row.envelope.payload.userId === first.id)).toBe(true);

    const refused = await signIn({ ...fakeIdentity(), timezone: 'Mars/Base' }).expect(400);
    expect(refused.body.message).toMatch(/Unknown time zone/);
  });

  describe('GET /users/:id/me', () => {
    it('answers the member themself', async () => {
      const { body: signedIn } = await signIn();
      const { isNewMember, ...ana } = signedIn;
      expect(isNewMember).toBe(true);
      const response = await request(service().url)
        .get(`/users/${ana.id}/me`)
        .set(asViewer('social', ana.id))
        .expect(200);
      expect(response.body).toEqual(ana);
    });

    it('refuses another member (403), a guest (401) and a caller without a gateway token (401)', async () => {
      const { body: ana } = await signIn();
      const { body: ben } = await signIn();
      await request(service().url).get(`/users/${ana.id}/me`).set(asViewer('social', ben.id)).expect(403);
      await request(service().url).get(`/users/${ana.id}/me`).set(asViewer('social', null)).expect(401);
      const anonymous = await request(service().url).get(`/users/${ana.id}/me`).expect(401);
      expect(anonymous.body.code).toBe('AUTH.SERVICE_TOKEN');
    });

    it('answers 404 for an unknown member and 400 for a malformed id', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      await request(service().url).get(`/users/${unknown}/me`).set(asViewer('social', unknown)).expect(404);
      await request(service().url).get('/users/not-a-uuid/me').set(asViewer('social', unknown)).expect(400);
    });
  });

  it('reports ready when Postgres and Kafka answer', async () => {
    const response = await request(service().url).get('/health/ready').expect(200);
    expect(response.body.checks).toEqual({ postgres: 'up', kafka: 'up' });
  });
});
