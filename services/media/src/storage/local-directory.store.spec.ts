import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { LocalDirectoryStore } from './local-directory.store';

describe('LocalDirectoryStore', () => {
  let root: string;
  let store: LocalDirectoryStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'media-store-'));
    store = new LocalDirectoryStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores, reads back with size and type, and deletes', async () => {
    await store.put('images/abc/w640.webp', Buffer.from('webp bytes'), 'image/webp');

    expect(await store.exists('images/abc/w640.webp')).toBe(true);
    const object = await store.get('images/abc/w640.webp');
    expect(object).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(await text(object!.body)).toBe('webp bytes');
    // No temporary file is left behind.
    expect(await readdir(path.join(root, 'images', 'abc'))).toEqual(['w640.webp']);

    await store.delete('images/abc/w640.webp');
    await store.delete('images/abc/w640.webp');
    expect(await store.exists('images/abc/w640.webp')).toBe(false);
    expect(await store.get('images/abc/w640.webp')).toBeNull();
  });

  it('refuses keys that could leave its directory, and types its extension cannot express', async () => {
    for (const key of [
      '../escape.jpg',
      '/etc/passwd',
      'images/../../x.jpg',
      'images//x.jpg',
      'images/.hidden',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid object key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid object key/);
    }
    await expect(store.put('images/abc/original.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /cannot hold/,
    );
  });
});
