import { Signer } from '@fastify/cookie';
import type { Store } from 'express-session';
import { type ReadableRequest, SessionReads } from './session-reads';

const SECRET = 'unit-test-only';
const signer = new Signer(SECRET);
const cookieOf = (sessionId: string) => `s:${signer.sign(sessionId)}`;
const STORED = JSON.stringify({ cookie: { originalMaxAge: null }, userId: 'ana' });

/** SessionReads over stored copies that are all there, counting the signature checks it makes. */
function readsRemembering(rememberedMax: number) {
  const unsign = jest.spyOn(Signer.prototype, 'unsign');
  const reads = new SessionReads({
    secret: SECRET,
    store: {} as Store,
    readsAsIs: () => true,
    storedCopy: () => STORED,
    rememberedMax,
  });
  const read = (sessionId: string) =>
    new Promise<boolean>((resolve) => reads.read({} as ReadableRequest, cookieOf(sessionId), resolve));
  return { read, checks: () => unsign.mock.calls.length };
}

describe('SessionReads', () => {
  afterEach(() => jest.restoreAllMocks());

  it('checks a cookie once while it is remembered', async () => {
    const { read, checks } = readsRemembering(2);
    expect(await read('a')).toBe(true);
    expect(await read('a')).toBe(true);
    expect(checks()).toBe(1);
  });

  it('remembers at most rememberedMax cookies: past them, the least recently read is checked again', async () => {
    const { read, checks } = readsRemembering(2);
    for (const sessionId of ['a', 'b', 'a', 'c']) await read(sessionId);
    expect(checks()).toBe(3);
    await read('a'); // read more recently than b, so kept
    expect(checks()).toBe(3);
    await read('b');
    expect(checks()).toBe(4);
  });
});
