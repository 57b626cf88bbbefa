import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@daybreak/messaging';
import { getRepositoryToken } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';
import { ImagesService } from './images/images.service';
import { MediaObject } from './images/media-object.entity';
import { portrait, sunrise } from './seed-drawings';

const demoData = z.object({
  members: z.array(
    z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      photoColor: z.string().optional(),
    }),
  ),
});

/** How many morning photos each demo member posts (the posts seed attaches them to their posts). */
const MORNING_PHOTOS = 2;

/**
 * A portrait (their initials in a scene of their own, seed-drawings.ts) and two morning photos per demo member, stored through ImagesService.ingest (the
 * path every upload takes: content check, metadata stripped, variants written, `media.uploaded`
 * queued). Writes the profile photos (for the social seed) and the morning photos (for the posts
 * seed). Idempotent: a member who already has images keeps their newest one that no post uses as
 * their profile photo, and gets no new morning photos (the posts seed leaves members with posts alone).
 *
 * Usage: node dist/seed.js <demo-data.json> <member-ids.json> <photos-output.json> [post-photos-output.json]
 */
async function seed(): Promise<void> {
  const [dataFile, idsFile, outputFile, postPhotosFile] = process.argv.slice(2);
  if (!dataFile || !idsFile || !outputFile)
    throw new Error(
      'usage: seed.js <demo-data.json> <member-ids.json> <photos-output.json> [post-photos-output.json]',
    );
  const { members } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const ids = z.record(z.string(), z.uuid()).parse(JSON.parse(readFileSync(idsFile, 'utf8')));
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadMediaConfig()), {
    logger: ['error', 'warn'],
  });
  try {
    const images = app.get(ImagesService);
    const objects = app.get<Repository<MediaObject>>(getRepositoryToken(MediaObject));
    const photos: Record<string, string> = {};
    const postPhotos: Record<string, string[]> = {};
    for (const [index, member] of members.entries()) {
      const ownerId = ids[member.email];
      if (!ownerId || !member.photoColor) continue;
      const existing = await objects.findOne({
        where: { ownerId, postId: IsNull() },
        order: { createdAt: 'DESC' },
      });
      if (existing) {
        photos[member.email] = `/objects/${existing.id}`;
        continue;
      }
      // The morning photos first, so the portrait is the newest image even before posts use them.
      // Each is for a post or a profile that the next seeds store: marked in use now, as the gateway
      // marks a photo in the request that attaches it (ADR 0017).
      const storeInUse = async (jpeg: Buffer) => {
        const { id } = await images.ingest(ownerId, jpeg);
        return (await images.markInUse(ownerId, id)).objectPath;
      };
      postPhotos[member.email] = [];
      for (let variant = 0; variant < MORNING_PHOTOS; variant++)
        postPhotos[member.email].push(await storeInUse(await sunrise(member.photoColor, variant)));
      photos[member.email] = await storeInUse(await portrait({ ...member, color: member.photoColor, index }));
    }
    await app.get(OutboxRelay).flush();
    writeFileSync(outputFile, JSON.stringify(photos, null, 2));
    if (postPhotosFile) writeFileSync(postPhotosFile, JSON.stringify(postPhotos, null, 2));
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
