import { randomUUID } from 'node:crypto';
import { waitFor } from '@daybreak/testing';
import { Client } from 'pg';
import { guest, member, refusalOf } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/**
 * The first-party analytics path (issue 44, ADR 0033): the gateway's collector takes the SPA's batch
 * (JSON, or a beacon's text/plain), names the member from the session alone and strips a guest's
 * ids, and streaks publishes it and counts it.
 */
describe('POST /api/analytics/events through the gateway to streaks', () => {
  const { baseUrl, databaseUrl } = stackEnv();
  const event = (name: string, properties: Record<string, unknown>, path = '/') => ({
    type: name === 'page_view' ? 'page_view' : 'event',
    name,
    properties,
    path,
    timestamp: new Date().toISOString(),
  });

  /** The events streaks published for a marker property, as its outbox keeps them. */
  async function published(marker: string): Promise<Record<string, unknown>[]> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ payload: Record<string, unknown> }>(
        `SELECT envelope->'payload' AS payload FROM streaks.outbox
         WHERE envelope->'payload'->'properties'->>'source' = $1`,
        [marker],
      );
      return rows.map((row) => row.payload);
    } finally {
      await client.end();
    }
  }

  it("records a member's events as theirs, whatever id the body claims", async () => {
    const ana = await member(baseUrl, 'Analytica');
    const marker = randomUUID();

    const answer = await ana.call('POST', '/api/analytics/events', {
      memberId: randomUUID(),
      events: [event('feed_viewed', { feed: 'for_you', source: marker })],
    });

    expect(answer.status).toBe(204);
    const [payload] = await waitFor(async () => (await published(marker)).length === 1 && published(marker));
    expect(payload).toMatchObject({ name: 'feed_viewed', memberId: ana.id, receivedAt: expect.any(String) });
  });

  it("takes a guest's beacon (text/plain, same origin) without ids, and refuses another site's", async () => {
    const visitor = guest(baseUrl);
    const marker = randomUUID();
    const profileId = randomUUID();
    const beacon = JSON.stringify({
      events: [
        event(
          'profile_viewed',
          { profile_user_id: profileId, own_profile: false, source: marker },
          `/profile/${profileId}`,
        ),
      ],
    });
    const asText = { 'content-type': 'text/plain;charset=UTF-8' };

    expect((await visitor.call('POST', '/api/analytics/events', new Blob([beacon]), asText)).status).toBe(
      204,
    );
    const fromElsewhere = await visitor.call('POST', '/api/analytics/events', new Blob([beacon]), {
      ...asText,
      origin: 'https://elsewhere.example',
    });

    expect(fromElsewhere.status).toBe(403);
    const [payload] = await waitFor(async () => (await published(marker)).length === 1 && published(marker));
    expect(payload).toMatchObject({ memberId: null, path: '/profile/:id' });
    expect(payload?.properties).toEqual({ own_profile: false, source: marker });
  });

  it('refuses an event spec §7 does not name, with a message saying which', async () => {
    const answer = await guest(baseUrl).call('POST', '/api/analytics/events', {
      events: [event('login', {}), event('scroll_depth', {})],
    });

    expect(answer.status).toBe(400);
    expect(refusalOf(answer).message).toContain('Unknown analytics event "scroll_depth"');
  });
});
