import { addDays, localDateTime, toCalendarDate } from '@daybreak/contracts';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import { fakeEvent, waitFor, wallClock } from '@daybreak/testing';
import { Client } from 'pg';
import request from 'supertest';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/**
 * The streak nudge across the real processes (ADR 0028): streaks' scheduler finds the member due,
 * publishes streak.at-risk, and the notifications worker writes the notification the member reads.
 */
describe('the streak nudge from streaks to the member', () => {
  const env = stackEnv();

  async function query(sql: string, params: unknown[]): Promise<{ zone: string }[]> {
    const client = new Client({ connectionString: env.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  it('a member with a 3-day streak and no post yet this morning reads "Your 3-day streak ends at 6:30. Post now to keep it."', async () => {
    const ana = await member(env.baseUrl, 'Nudgeana');
    await ana.setTimezone('UTC');
    await waitFor(
      async () =>
        (
          await query(
            `SELECT zone FROM streaks.morning_schedule WHERE user_id = $1 AND kind = 'streak-nudge'`,
            [ana.id],
          )
        )[0]?.zone === 'UTC',
      { timeoutMs: 20_000, description: 'the nudge scheduled in UTC' },
    );
    // Three mornings up to the one before the period still open (a post before 06:30 counts for the day before).
    const openPeriod = toCalendarDate(localDateTime(new Date(Date.now() - 6.5 * 3_600_000), 'UTC'));
    for (const date of [addDays(openPeriod, -2), addDays(openPeriod, -1), openPeriod]) {
      const post = fakeEvent('post.created', {
        authorId: ana.id,
        createdAt: wallClock(`${date} 05:00`, 'UTC').toISOString(),
        timezone: 'UTC',
        timeClassification: '5am',
        isEarlyMorning: true,
      }).payload;
      await request(env.streaksUrl)
        .post('/evaluations')
        .set(
          IDENTITY_HEADER,
          signIdentityToken({ userId: ana.id }, env.identityPrivateKey, identityAudience('streaks')),
        )
        .send(post)
        .expect(200);
    }

    // Due now: the next tick of any streaks process takes it.
    await query(
      `UPDATE streaks.morning_schedule SET due_at = now() WHERE user_id = $1 AND kind = 'streak-nudge'`,
      [ana.id],
    );

    const nudge = await waitFor(
      async () => {
        const { body } = await ana.notifications();
        return body.find((n: { type: string; message: string }) => n.message.includes('streak ends at 6:30'));
      },
      { timeoutMs: 60_000, description: 'the streak nudge' },
    );
    expect(nudge).toMatchObject({
      type: 'other',
      message: 'Your 3-day streak ends at 6:30. Post now to keep it.',
      fromUserId: null,
    });
  });
});
