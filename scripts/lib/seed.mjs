// @ts-check
// Demo members and their morning posts, created through the services' own code (see each
// service's src/seed.ts), so events flow through the outbox exactly as for real activity.
import path from 'node:path';
import { INFRA_DIR, REPO_ROOT } from '../infra/config.mjs';
import { run } from '../infra/exec.mjs';

export async function seedDemoData(stack, progress) {
  const dataFile = path.join(REPO_ROOT, 'scripts/seed/demo-data.json');
  const idsFile = path.join(INFRA_DIR, `demo-member-ids.${stack.profile.name}.json`);
  const photosFile = path.join(INFRA_DIR, `demo-member-photos.${stack.profile.name}.json`);
  const postPhotosFile = path.join(INFRA_DIR, `demo-post-photos.${stack.profile.name}.json`);
  const envOf = (service) => ({
    ...stack.profile.services.find((spec) => spec.name === service).env,
    PORT: '0',
  });
  await progress.step('demo data', async (update) => {
    update('members');
    const social = ['services/social/dist/seed.js', dataFile, stack.profile.issuer, idsFile];
    await run('node', social, { cwd: REPO_ROOT, env: envOf('social') });
    update('photos');
    await run('node', ['services/media/dist/seed.js', dataFile, idsFile, photosFile, postPhotosFile], {
      cwd: REPO_ROOT,
      env: envOf('media'),
    });
    update('profiles and follows');
    await run('node', [...social, photosFile], { cwd: REPO_ROOT, env: envOf('social') });
    update('posts');
    await run('node', ['services/posts/dist/seed.js', dataFile, idsFile, postPhotosFile], {
      cwd: REPO_ROOT,
      env: envOf('posts'),
    });
    return '4 members who follow each other, with photos and bios; three weeks of morning posts (some with a photo), likes and comments';
  });
}
