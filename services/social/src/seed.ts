import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { OutboxRelay } from '@daybreak/messaging';
import { z } from 'zod';
import { AppModule } from './app.module';
import { loadSocialConfig } from './config';
import { UsersService } from './users/users.service';

const demoData = z.object({
  members: z.array(z.object({ email: z.email(), firstName: z.string(), lastName: z.string() })),
});

/**
 * Demo members, registered exactly as a first sign-in would register them. Their subject is what the
 * development identity provider derives from the e-mail, so signing in there with a demo e-mail
 * makes you that member. Idempotent: a second run finds the same members.
 *
 * Usage: node dist/seed.js <demo-data.json> <issuer-url> <output.json>
 */
async function seed(): Promise<void> {
  const [dataFile, issuer, outputFile] = process.argv.slice(2);
  if (!dataFile || !issuer || !outputFile)
    throw new Error('usage: seed.js <demo-data.json> <issuer-url> <output.json>');
  const { members } = demoData.parse(JSON.parse(readFileSync(dataFile, 'utf8')));
  const app = await NestFactory.createApplicationContext(AppModule.forConfig(loadSocialConfig()), {
    logger: ['error', 'warn'],
  });
  try {
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
      });
      ids[member.email] = user.id;
    }
    await app.get(OutboxRelay).flush();
    writeFileSync(outputFile, JSON.stringify(ids, null, 2));
  } finally {
    await app.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
