// @ts-check
// Demo members and their morning posts, created through the services' own code (see each
// service's src/seed.ts), so events flow through the outbox exactly as for real activity.
import path from 'node:path';
import { INFRA_DIR, REPO_ROOT } from '../infra/config.mjs';
import { run } from '../infra/exec.mjs';

/**
 * @typedef {object} SeedTarget A running stack the seeds write into.
 * @property {string} name its profile's name (the seeds' files in .infra/ carry it)
 * @property {string} issuer its identity provider, whose subjects the demo members get
 * @property {(service: string) => Record<string, string>} envOf a service's environment
 */

/**
 * Runs the services' seeds in order against `target`, reporting each step to `update`: the members,
 * their photos, their profiles and follows, three weeks of posts, and last the notifications those
 * made, read up to each member's last look (services/notifications/src/seed.ts waits for them).
 * @param {SeedTarget} target
 * @param {(step: string) => void} update
 */
export async function runDemoSeeds(target, update) {
  const dataFile = path.join(REPO_ROOT, 'scripts/seed/demo-data.json');
  const idsFile = path.join(INFRA_DIR, `demo-member-ids.${target.name}.json`);
  const photosFile = path.join(INFRA_DIR, `demo-member-photos.${target.name}.json`);
  const postPhotosFile = path.join(INFRA_DIR, `demo-post-photos.${target.name}.json`);
  const seedOf = (service, args) =>
    run('node', [`services/${service}/dist/seed.js`, ...args], {
      cwd: REPO_ROOT,
      env: { ...target.envOf(service), PORT: '0' },
    });
  update('members');
  const social = [dataFile, target.issuer, idsFile];
  await seedOf('social', social);
  update('photos');
  await seedOf('media', [dataFile, idsFile, photosFile, postPhotosFile]);
  update('profiles and follows');
  await seedOf('social', [...social, photosFile]);
  update('posts');
  await seedOf('posts', [dataFile, idsFile, postPhotosFile]);
  update('notifications');
  await seedOf('notifications', [dataFile, idsFile]);
}

export async function seedDemoData(stack, progress) {
  /** @type {SeedTarget} */
  const target = {
    name: stack.profile.name,
    issuer: stack.profile.issuer,
    envOf: (service) => stack.profile.services.find((spec) => spec.name === service).env,
  };
  await progress.step('demo data', async (update) => {
    await runDemoSeeds(target, update);
    return '4 members who follow each other, with drawn portraits and bios; three weeks of morning posts (some with a photo), likes, comments and badges, and their notifications, the older ones read';
  });
}
