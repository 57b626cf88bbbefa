import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { addDays, instantAtWallClock, localDateTime, toCalendarDate } from '@daybreak/contracts';
import { OutboxRelay } from '@daybreak/messaging';
import { getRepositoryToken } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadPostsConfig } from './config';
import { Post } from './posts/post.entity';
import { LikesService } from './likes/likes.service';
import { PostsService } from './posts/posts.service';
import { CommentsService } from './comments/comments.service';

const demoData = z.object({
  members: z.array(
    z.object({ email: z.email(), timezone: z.string(), habit: z.enum(['5am', '6am', 'mixed', 'rare']) }),
  ),
  updates: z.array(z.string()).min(1),
  replies: z.array(z.string()).min(1),
});
type Habit = z.infer<typeof demoData>['members'][number]['habit'];

const DAYS = 21;

/** When a member with this habit posted `daysAgo` days ago (local time), or null for a day off. */
function postingTime(habit: Habit, daysAgo: number): string | null {
  switch (habit) {
    case '5am': // a long streak, alive today
      return `05:0${daysAgo % 10}`;
    case '6am': // a long streak that broke yesterday
      return daysAgo <= 1 ? null : `05:${40 + (daysAgo % 15)}`;
    case 'mixed':
      return daysAgo % 3 === 0 ? '05:15' : daysAgo % 3 === 1 ? '06:10' : '08:30';
    case 'rare':
      return daysAgo % 4 === 0 ? '07:45' : null;
  }
}

/**
 * The mornings a member posted, oldest first: up to this morning if its post time has passed, so
 * the streaks are alive today.
 */
function morningsOf(member: { habit: Habit; timezone: string }, today: string) {
  const mornings: { daysAgo: number; createdAt: Date }[] = [];
  for (let daysAgo = DAYS; daysAgo >= 0; daysAgo--) {
    const time = postingTime(member.habit, daysAgo);
    if (!time) continue;
    const createdAt = instantAtWallClock(`${addDays(today, -daysAgo)} ${time}`, member.timezone);
    if (createdAt <= new Date()) mornings.push({ daysAgo, createdAt });
  }
  return mornings;
}

/** `minutes` after `instant`, but never later than now. */
const minutesAfter = (instant: Date, minutes: number) =>
  new Date(Math.min(instant.getTime() + minutes * 60_000, Date.now()));

/** Posts between two photos of the same member. */
const PHOTO_SPACING = 6;

/**
 * The photo for a member's post (`newest`: 0 for their newest post), if it gets one: the members'
 * photos fall on different days (`memberIndex`), so the feed mixes posts with and without one.
 */
function photoFor(photos: string[], newest: number, memberIndex: number): string | undefined {
  const offset = newest - 1 - memberIndex;
  if (offset < 0 || offset % PHOTO_SPACING !== 0) return undefined;
  return photos[offset / PHOTO_SPACING];
}

/**
 * Three weeks of morning updates for the demo members (up to this morning), created through PostsService with the clock
 * set back, so classification, the outbox and the streaks service see them like real posts; the
 * other members like most of them and reply to some. Given the media seed's morning photos, some
 * posts carry one. Members who already have posts are left alone (idempotent).
 *
 * Usage: node dist/seed.js <demo-data.json> <member-ids.json> [post-photos.json]
 */
async function seed(): Promise<void> {
  const [dataFile, idsFile, photosFile] = process.argv.slice(2);
  if (!dataFile || !idsFile)
    throw new Error('usage: seed.js <demo-data.json> <member-ids.json> [post-photos.json]');
  const { members, updates, replies } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const ids = z.record(z.string(), z.uuid()).parse(JSON.parse(readFileSync(idsFile, 'utf8')));
  const photos = photosFile
    ? z.record(z.string(), z.array(z.string())).parse(JSON.parse(readFileSync(photosFile, 'utf8')))
    : {};
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadPostsConfig()), {
    logger: ['error', 'warn'],
  });
  try {
    const posts = app.get(PostsService);
    const comments = app.get(CommentsService);
    const likes = app.get(LikesService);
    const existing = app.get<Repository<Post>>(getRepositoryToken(Post));
    const memberIds = members.map((member) => ids[member.email]).filter(Boolean);
    for (const [index, member] of members.entries()) {
      const authorId = ids[member.email];
      if (!authorId || (await existing.existsBy({ authorId }))) continue;
      const others = memberIds.filter((id) => id !== authorId);
      const today = toCalendarDate(localDateTime(new Date(), member.timezone));
      const mornings = morningsOf(member, today);
      for (const [morning, { daysAgo, createdAt }] of mornings.entries()) {
        const content = updates[(daysAgo + index * 3) % updates.length];
        const imageUrl = photoFor(photos[member.email] ?? [], mornings.length - 1 - morning, index);
        const post = await posts.create(
          authorId,
          { content, timezone: member.timezone, imageUrl },
          createdAt,
        );
        // Liked and answered that morning, so the authors' notifications read as they happened.
        for (const [position, otherId] of others.entries()) {
          if ((daysAgo + position) % 3 !== 0)
            await likes.toggle(post.id, otherId, minutesAfter(createdAt, 7 + 11 * position));
        }
        if (daysAgo % 4 === 0) {
          const replier = others[daysAgo % others.length];
          const reply = { content: replies[(daysAgo + index) % replies.length] };
          await comments.create(post.id, replier, reply, minutesAfter(createdAt, 42));
        }
      }
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
