import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Call at a spec file's top level: returns a maker of new empty folders under the system's temporary
 * directory (named `prefix` and a random suffix), and removes every folder it made after the file's
 * tests, so that a test run leaves nothing behind in /tmp.
 */
export function temporaryFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}
