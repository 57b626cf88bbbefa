import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ObjectStore, StoredObject, assertSafeKey } from './object-store';

/**
 * A plain directory has no per-file metadata, so, like any static file server, the store derives the
 * Content-Type from the key's extension; `put` refuses a key whose extension disagrees with the type.
 */
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The default object store: files under one directory (`MEDIA_STORAGE_DIR`). */
export class LocalDirectoryStore implements ObjectStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    const expected = CONTENT_TYPE_BY_EXTENSION[path.extname(key)];
    if (expected !== contentType)
      throw new Error(`Key ${key} cannot hold ${contentType} in a local directory store`);
    await mkdir(path.dirname(file), { recursive: true });
    // Write aside, then rename: a reader never sees half a file, even if the process dies mid-write.
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    // Open first, then stat the open descriptor: the size always belongs to the file being streamed.
    const handle = await open(file, 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const contentType = CONTENT_TYPE_BY_EXTENSION[path.extname(key)] ?? 'application/octet-stream';
      return { body: handle.createReadStream(), size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}
