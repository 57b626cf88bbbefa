import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@daybreak/messaging';
import { getRepositoryToken } from '@nestjs/typeorm';
import sharp from 'sharp';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';
import { ImagesService } from './images/images.service';
import { MediaObject } from './images/media-object.entity';

const demoData = z.object({
  members: z.array(z.object({ email: z.string(), photoColor: z.string().optional() })),
});

/** A small portrait: a diagonal gradient in the member's colour, as a JPEG a phone might send. */
function portrait(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff7ed"/><stop offset="1" stop-color="${color}"/>
    </linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="104" r="48" fill="#ffffff" fill-opacity="0.85"/>
    <ellipse cx="128" cy="228" rx="84" ry="64" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A profile photo per demo member, stored through ImagesService.ingest (the path every upload
 * takes: content check, metadata stripped, variants written, `media.uploaded` queued). A member who
 * already has an image keeps their newest one (idempotent).
 *
 * Usage: node dist/seed.js <demo-data.json> <member-ids.json> <photos-output.json>
 */
async function seed(): Promise<void> {
  const [dataFile, idsFile, outputFile] = process.argv.slice(2);
  if (!dataFile || !idsFile || !outputFile)
    throw new Error('usage: seed.js <demo-data.json> <member-ids.json> <photos-output.json>');
  const { members } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const ids = z.record(z.string(), z.uuid()).parse(JSON.parse(readFileSync(idsFile, 'utf8')));
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadMediaConfig()), {
    logger: ['error', 'warn'],
  });
  try {
    const images = app.get(ImagesService);
    const objects = app.get<Repository<MediaObject>>(getRepositoryToken(MediaObject));
    const photos: Record<string, string> = {};
    for (const member of members) {
      const ownerId = ids[member.email];
      if (!ownerId || !member.photoColor) continue;
      const existing = await objects.findOne({ where: { ownerId }, order: { createdAt: 'DESC' } });
      photos[member.email] = existing
        ? `/objects/${existing.id}`
        : (await images.ingest(ownerId, await portrait(member.photoColor))).objectPath;
    }
    await app.get(OutboxRelay).flush();
    writeFileSync(outputFile, JSON.stringify(photos, null, 2));
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
