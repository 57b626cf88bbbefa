import { existsSync } from 'node:fs';
import path from 'node:path';

/** The monorepo root, found from this file so tests work from any working directory. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'nx.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Could not find the repository root (nx.json)');
    dir = parent;
  }
  return dir;
}
