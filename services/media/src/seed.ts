import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@daybreak/messaging';
import { getRepositoryToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import { IsNull, Repository } from 'typeorm';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';
import { ImagesService } from './images/images.service';
import { MediaObject } from './images/media-object.entity';

const demoData = z.object({
  members: z.array(z.object({ email: z.string(), photoColor: z.string().optional() })),
});

/** A drawing as the JPEG a phone might send. */
function jpegOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A small portrait: a diagonal gradient in the member's colour. */
function portrait(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="${color}"/>
    </linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="104" r="48" fill="#ffffff" fill-opacity="0.85"/>
    <ellipse cx="128" cy="228" rx="84" ry="64" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`;
  return jpegOf(svg);
}

/** How many morning photos each demo member posts (the posts seed attaches them to their posts). */
const MORNING_PHOTOS = 2;

/**
 * A morning photo: the sky from night blue through the member's colour to the dawn, the sun rising
 * behind two ridges (`variant` moves the sun and the hills).
 */
function sunrise(color: string, variant: number): Promise<Buffer> {
  const sunX = 380 + variant * 420;
  const ridge = 640 + variant * 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#1e3a8a"/><stop offset="0.5" stop-color="${color}"/>
        <stop offset="0.78" stop-color="#fde68a"/>
      </linearGradient>
      <radialGradient id="sun">
        <stop offset="0" stop-color="#fffbeb"/><stop offset="0.45" stop-color="#fde68a"/>
        <stop offset="1" stop-color="#fde68a" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="1280" height="960" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${ridge + 20}" r="260" fill="url(#sun)"/>
    <path d="M0 ${ridge + 60} Q 320 ${ridge - 40} 640 ${ridge + 40} T 1280 ${ridge} V 960 H 0 Z" fill="#312e81" fill-opacity="0.8"/>
    <path d="M0 ${ridge + 170} Q 420 ${ridge + 90} 820 ${ridge + 160} T 1280 ${ridge + 140} V 960 H 0 Z" fill="#1e1b4b"/>
  </svg>`;
  return jpegOf(svg);
}

/**
 * A profile photo and two morning photos per demo member, stored through ImagesService.ingest (the
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
    for (const member of members) {
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
      photos[member.email] = await storeInUse(await portrait(member.photoColor));
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
