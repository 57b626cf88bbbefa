import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LocalDirectoryStore } from '../src/storage/local-directory.store';
import { ObjectStore } from '../src/storage/object-store';
import { S3ObjectStore } from '../src/storage/s3-object.store';
import { S3TestServer, startS3TestServer } from './s3-test-server';

interface StoreUnderTest {
  store: ObjectStore;
  stop(): Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const root = await mkdtemp(path.join(tmpdir(), 'media-contract-'));
  return { store: new LocalDirectoryStore(root), stop: () => rm(root, { recursive: true, force: true }) };
}

async function s3Store(): Promise<StoreUnderTest> {
  const server = await startS3TestServer();
  const store = new S3ObjectStore(server.options);
  return {
    store,
    async stop() {
      store.onModuleDestroy();
      await server.stop();
    },
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The same behaviour, whichever backend MEDIA_STORAGE_DIR / MEDIA_S3_BUCKET selects. */
describe.each([
  ['LocalDirectoryStore', localStore],
  ['S3ObjectStore (s3rver)', s3Store],
])('ObjectStore contract: %s', (_name, start) => {
  let subject: StoreUnderTest;
  let store: ObjectStore;
  /** A fresh image folder per test, as the service uses them. */
  let folder: string;

  beforeAll(async () => {
    subject = await start();
    store = subject.store;
  });
  afterAll(() => subject?.stop());
  beforeEach(() => {
    folder = `images/${randomUUID()}`;
  });

  it('reads back what was put, with its size and content type', async () => {
    const bytes = Buffer.from('webp bytes');
    await store.put(`${folder}/w640.webp`, bytes, 'image/webp');
    await store.put(`${folder}/original.jpg`, Buffer.from('jpeg bytes!'), 'image/jpeg');

    const webp = await store.get(`${folder}/w640.webp`);
    expect(webp).toMatchObject({ size: 10, contentType: 'image/webp' });
    expect(webp!.body).toBeInstanceOf(Readable);
    expect(await buffer(webp!.body)).toEqual(bytes);

    const jpeg = await store.get(`${folder}/original.jpg`);
    expect(jpeg).toMatchObject({ size: 11, contentType: 'image/jpeg' });
    expect((await buffer(jpeg!.body)).toString()).toBe('jpeg bytes!');
  });

  it('tells which keys exist', async () => {
    await store.put(`${folder}/w320.jpg`, Buffer.from('x'), 'image/jpeg');
    expect(await store.exists(`${folder}/w320.jpg`)).toBe(true);
    expect(await store.exists(`${folder}/w640.jpg`)).toBe(false);
    expect(await store.exists(`images/${randomUUID()}/original.png`)).toBe(false);
  });

  it('answers null for a missing key', async () => {
    expect(await store.get(`${folder}/original.png`)).toBeNull();
  });

  it('deletes, and deleting a missing object is not an error', async () => {
    await store.put(`${folder}/w1280.webp`, Buffer.from('gone soon'), 'image/webp');
    await store.put(`${folder}/w640.webp`, Buffer.from('stays'), 'image/webp');

    await store.delete(`${folder}/w1280.webp`);
    await expect(store.delete(`${folder}/w1280.webp`)).resolves.toBeUndefined();
    await expect(store.delete(`images/${randomUUID()}/never.jpg`)).resolves.toBeUndefined();

    expect(await store.exists(`${folder}/w1280.webp`)).toBe(false);
    expect(await store.get(`${folder}/w1280.webp`)).toBeNull();
    expect(await store.exists(`${folder}/w640.webp`)).toBe(true);
  });

  it('streams a multi-megabyte object back intact', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    await store.put(`${folder}/original.png`, bytes, 'image/png');

    const object = await store.get(`${folder}/original.png`);
    expect(object).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    let chunks = 0;
    const hash = createHash('sha256');
    for await (const chunk of object!.body) {
      chunks++;
      hash.update(chunk as Buffer);
    }
    expect(hash.digest('hex')).toBe(sha256(bytes));
    expect(chunks).toBeGreaterThan(1); // streamed, not handed over as one buffer
  });

  it('refuses keys that could leave the store root', async () => {
    for (const key of ['../escape.jpg', '/etc/passwd', 'images/../../x.jpg', 'images//x.jpg']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid object key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid object key/);
      await expect(store.exists(key)).rejects.toThrow(/Invalid object key/);
      await expect(store.delete(key)).rejects.toThrow(/Invalid object key/);
    }
  });
});

describe('S3ObjectStore: failures that are not "missing"', () => {
  let server: S3TestServer;
  const stores: S3ObjectStore[] = [];
  const storeWith = (overrides: Partial<S3TestServer['options']>) => {
    const store = new S3ObjectStore({ ...server.options, ...overrides });
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(async () => {
    for (const store of stores) store.onModuleDestroy();
    await server?.stop();
  });

  it('throws, rather than answering null, when the bucket does not exist', async () => {
    const store = storeWith({ bucket: 'no-such-bucket' });
    await expect(store.get('images/x/original.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('images/x/original.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  // s3rver knows one access key id and does not verify SigV4 signatures: an unknown key is what it refuses.
  it('throws when the credentials are refused', async () => {
    const key = `images/${randomUUID()}/original.jpg`;
    await storeWith({}).put(key, Buffer.from('x'), 'image/jpeg');
    const store = storeWith({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } });
    const refused = { name: 'InvalidAccessKeyId' };
    await expect(store.put(key, Buffer.from('y'), 'image/jpeg')).rejects.toMatchObject(refused);
    await expect(store.get(key)).rejects.toMatchObject(refused);
    await expect(store.exists(key)).rejects.toThrow();
    await expect(store.delete(key)).rejects.toMatchObject(refused);
  });
});
