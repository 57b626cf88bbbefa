import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@daybreak/messaging';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadSocialConfig } from './config';
import { FollowsService } from './follows/follows.service';
import { InvitesService } from './invites/invites.service';
import { UsersService } from './users/users.service';

const demoData = z.object({
  members: z.array(
    z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      timezone: z.string(),
      bio: z.string().optional(),
      /** This member has shared an invite link nobody has used yet. */
      pendingInvite: z.boolean().optional(),
    }),
  ),
});
type Member = z.infer<typeof demoData>['members'][number];

/**
 * Demo members, registered exactly as a first sign-in would register them. Their subject is what the
 * development identity provider derives from the e-mail, so signing in there with a demo e-mail
 * makes you that member. Given the media seed's photos, it also fills in their profiles: a bio and
 * a photo each, everyone following everyone, and one open invite. Idempotent: a second run finds
 * the same members and changes nothing.
 *
 * Usage: node dist/seed.js <demo-data.json> <issuer-url> <member-ids.json> [photos.json]
 */
async function seed(): Promise<void> {
  const [dataFile, issuer, idsFile, photosFile] = process.argv.slice(2);
  if (!dataFile || !issuer || !idsFile)
    throw new Error('usage: seed.js <demo-data.json> <issuer-url> <member-ids.json> [photos.json]');
  const { members } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadSocialConfig()), {
    logger: ['error', 'warn'],
  });
  try {
    const ids = await register(app, members, issuer);
    writeFileSync(idsFile, JSON.stringify(ids, null, 2));
    if (photosFile && existsSync(photosFile)) {
      const photos = z.record(z.string(), z.string()).parse(JSON.parse(readFileSync(photosFile, 'utf8')));
      await fillProfiles(app, members, ids, photos);
    }
    await app.get(OutboxRelay).flush();
  } finally {
    await app.close();
  }
}

async function register(app: INestApplicationContext, members: Member[], issuer: string) {
  const users = app.get(UsersService);
  const ids: Record<string, string> = {};
  for (const member of members) {
    const subject = createHash('sha256').update(member.email.toLowerCase()).digest('hex');
    const user = await users.signIn({
      issuer,
      subject,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      timezone: member.timezone,
    });
    ids[member.email] = user.id;
  }
  return ids;
}

const HOUR_MS = 3_600_000;

/**
 * When the member at `index` followed the one at `otherIndex`: before the posts seed's first morning
 * (three weeks back), except the next member in the list, followed only in the last few days, one
 * member a day apart, so each member's newest notifications include a follow.
 */
function followedAt(index: number, otherIndex: number, count: number): Date {
  const hoursAgo = otherIndex === (index + 1) % count ? 20 * (index + 1) : 22 * 24;
  return new Date(Date.now() - hoursAgo * HOUR_MS);
}

async function fillProfiles(
  app: INestApplicationContext,
  members: Member[],
  ids: Record<string, string>,
  photos: Record<string, string>,
) {
  const users = app.get(UsersService);
  const follows = app.get(FollowsService);
  const invites = app.get(InvitesService);
  for (const [index, member] of members.entries()) {
    const id = ids[member.email];
    if (member.bio) await users.updateProfile(id, { bio: member.bio });
    if (photos[member.email]) await users.setPhoto(id, photos[member.email]);
    for (const [otherIndex, other] of members.entries()) {
      if (other !== member)
        await follows.follow(id, ids[other.email], followedAt(index, otherIndex, members.length));
    }
    // Shared, as a member waiting for a friend has: the Town Crier badge it earns is their newest
    // notification from Daybreak, so the list's newest 50 show every type whatever the hour.
    if (member.pendingInvite) await invites.share((await invites.generate(id)).inviteCode, id);
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
