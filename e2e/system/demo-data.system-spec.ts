import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@daybreak/testing';
import sharp from 'sharp';
import { member } from '../support/member-api';
import { OwnStack, startOwnStack } from '../support/own-stack';

const SERVICES = ['social', 'media', 'posts', 'notifications'] as const;
const DAY_MS = 24 * 3_600_000;

/**
 * An image's shape without its hue: 16 × 16 grey cells, each lighter than the mean or not. One
 * silhouette in four colours gives the same cells (0 to 10 of 256 differ); four drawings do not.
 */
async function shapeOf(image: Buffer): Promise<boolean[]> {
  const cells = await sharp(image).greyscale().resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  const mean = cells.reduce((sum, cell) => sum + cell, 0) / cells.length;
  return [...cells].map((cell) => cell > mean);
}
const cellsApart = (a: boolean[], b: boolean[]) => a.filter((cell, index) => cell !== b[index]).length;

interface Listed {
  type: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/**
 * `npm start`'s demo data (scripts/lib/seed.mjs), seeded into a stack of the test's own: the demo
 * members' notifications read as their mornings happened (every type, at the time of its cause, the
 * older ones read and the newest not), and each member has a portrait of their own.
 */
describe('the demo data looks lived-in', () => {
  let stack: OwnStack | undefined;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startOwnStack();
    const target = {
      name: 'outage',
      issuer: stack.envOf('gateway').OIDC_ISSUER_URL,
      env: Object.fromEntries(SERVICES.map((service) => [service, stack!.envOf(service)])),
    };
    const targetFile = path.join(mkdtempSync(path.join(tmpdir(), 'daybreak-demo-')), 'target.json');
    writeFileSync(targetFile, JSON.stringify(target));
    await promisify(execFile)('node', ['scripts/seed-demo.mjs', targetFile], {
      cwd: repoRoot(),
      timeout: 400_000,
    });
    ids = JSON.parse(readFileSync(path.join(repoRoot(), '.infra/demo-member-ids.outage.json'), 'utf8'));
  }, 600_000);

  afterAll(() => stack?.stopAll());

  it("a demo member's notifications are of every type, spread over the days they happened, some read", async () => {
    const ana = await member(stack!.url, { name: 'Ana Dawn', email: 'ana@daybreak.local' });
    const { status, body } = await ana.notifications();
    expect(status).toBe(200);
    const listed = body as Listed[];

    expect(new Set(listed.map(({ type }) => type))).toEqual(
      new Set(['like', 'comment', 'follow', 'post', 'other']),
    );
    expect(new Set(listed.map(({ message }) => message)).size).toBeGreaterThan(10);
    // Dated by their causes, not by when the seed ran: days apart, hardly two in one minute.
    const times = listed.map(({ createdAt }) => Date.parse(createdAt));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(3 * DAY_MS);
    const minutes = new Set(times.map((time) => Math.floor(time / 60_000)));
    expect(minutes.size).toBeGreaterThan(listed.length * 0.6);

    const unread = listed.filter(({ isRead }) => !isRead).length;
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(listed.length / 2);
    const counted = await ana.unreadCount();
    expect(counted.body).toEqual({ count: unread });
  });

  it('every demo member has a portrait of their own, not one silhouette in four colours', async () => {
    const ana = await member(stack!.url, { name: 'Ana Dawn', email: 'ana@daybreak.local' });
    const portraits = await Promise.all(
      Object.values(ids).map(async (id) => {
        const profile = await ana.profileOf(id);
        const url = profile.body.profileImageUrl;
        expect(url).toMatch(/^\/objects\//);
        const image = await fetch(new URL(url!, stack!.url));
        expect(image.status).toBe(200);
        return shapeOf(Buffer.from(await image.arrayBuffer()));
      }),
    );
    expect(portraits).toHaveLength(4);
    for (const [index, portrait] of portraits.entries())
      for (const other of portraits.slice(index + 1)) expect(cellsApart(portrait, other)).toBeGreaterThan(24);
  });
});
