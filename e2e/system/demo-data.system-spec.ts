import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@daybreak/testing';
import { member } from '../support/member-api';
import { OwnStack, startOwnStack } from '../support/own-stack';

const SERVICES = ['social', 'media', 'posts', 'notifications'] as const;
const DAY_MS = 24 * 3_600_000;

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
    const counted = await ana.call('GET', '/api/notifications/unread-count');
    expect(counted.body).toEqual({ count: unread });
  });

  it('every demo member has a portrait of their own', async () => {
    const ana = await member(stack!.url, { name: 'Ana Dawn', email: 'ana@daybreak.local' });
    const portraits = await Promise.all(
      Object.values(ids).map(async (id) => {
        const profile = await ana.profileOf(id);
        const url = profile.body.profileImageUrl;
        expect(url).toMatch(/^\/objects\//);
        const image = await fetch(new URL(url!, stack!.url));
        expect(image.status).toBe(200);
        return createHash('sha256')
          .update(Buffer.from(await image.arrayBuffer()))
          .digest('hex');
      }),
    );
    expect(portraits).toHaveLength(4);
    expect(new Set(portraits).size).toBe(4);
  });
});
