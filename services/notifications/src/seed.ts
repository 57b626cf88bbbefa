import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { setTimeout as wait } from 'node:timers/promises';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay, UnitOfWork } from '@daybreak/messaging';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadNotificationsConfig } from './config';
import { countsByRecipientAndType } from './notifications/notification-reads.queries';
import { markReadBefore } from './notifications/notifications.queries';
import { UnreadCounter } from './notifications/unread-counter';

const demoData = z.object({ members: z.array(z.object({ email: z.string() })) });

/** What every demo member's list shows once the worker has caught up with the other seeds. */
const EXPECTED_TYPES = ['like', 'comment', 'follow', 'post', 'other'] as const;
/** How long the other seeds' events may take to become notifications (streaks, then badges, last). */
const SETTLE_TIMEOUT_MS = 120_000;
const POLL_MS = 1_000;
/** A member last opened their notifications this long ago: older ones are read, newer ones not. */
const LAST_READ_HOURS_AGO = 30;

type Counts = Map<string, Map<string, number>>;

async function countsByType(dataSource: DataSource, memberIds: string[]): Promise<Counts> {
  const rows = await countsByRecipientAndType(dataSource.manager, memberIds);
  const counts: Counts = new Map(memberIds.map((id) => [id, new Map()]));
  for (const { userId, type, count } of rows) counts.get(userId)?.set(type, count);
  return counts;
}

const missingTypes = (counts: Counts) =>
  [...counts].flatMap(([id, types]) =>
    EXPECTED_TYPES.filter((type) => !types.has(type)).map((type) => `${id} has no ${type}`),
  );
const total = (counts: Counts) =>
  [...counts.values()].reduce((sum, types) => sum + [...types.values()].reduce((a, b) => a + b, 0), 0);

/**
 * Waits until the worker has turned the other seeds' likes, comments, follows, posts and badges into
 * notifications: every type there for every member, and no new one between two looks a second apart.
 */
async function untilSettled(dataSource: DataSource, memberIds: string[]): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let previous = -1;
  for (;;) {
    const counts = await countsByType(dataSource, memberIds);
    const missing = missingTypes(counts);
    if (missing.length === 0 && total(counts) === previous) return;
    if (Date.now() > deadline)
      throw new Error(`The demo's notifications did not settle: ${missing.join(', ') || 'still arriving'}`);
    previous = total(counts);
    await wait(POLL_MS);
  }
}

/**
 * The demo members have read their notifications as people do: everything up to their last look,
 * LAST_READ_HOURS_AGO, and not what came since (this morning's likes, the newest posts). Marked with
 * the unread counters kept right, as marking them read in the app does. Run after the other seeds
 * (scripts/lib/seed.mjs); a second run changes nothing.
 *
 * Usage: node dist/seed.js <demo-data.json> <member-ids.json>
 */
async function seed(): Promise<void> {
  const [dataFile, idsFile] = process.argv.slice(2);
  if (!dataFile || !idsFile) throw new Error('usage: seed.js <demo-data.json> <member-ids.json>');
  const { members } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const ids = z.record(z.string(), z.uuid()).parse(JSON.parse(readFileSync(idsFile, 'utf8')));
  const memberIds = members.map((member) => ids[member.email]).filter(Boolean);
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadNotificationsConfig()), {
    logger: ['error', 'warn'],
  });
  try {
    const dataSource = app.get(DataSource);
    await untilSettled(dataSource, memberIds);
    const lastRead = new Date(Date.now() - LAST_READ_HOURS_AGO * 3_600_000);
    const unread = app.get(UnreadCounter);
    for (const userId of memberIds) {
      await app.get(UnitOfWork).run(async (tx) => {
        await unread.lock(tx.manager, [userId]);
        const count = await markReadBefore(tx.manager, userId, lastRead);
        if (count > 0) await unread.removed(tx, new Map([[userId, count]]));
      });
    }
    await app.get(OutboxRelay).flush();
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
