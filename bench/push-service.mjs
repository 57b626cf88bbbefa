// @ts-check
// A web push service on loopback for the benchmarks that make notifications: it answers 201 after
// `delayMs` (as a real one answers after its round trip) and notes when each push arrived. The
// notifications processes send to it once its origin is in PUSH_EXTRA_ORIGINS.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** @param {number} delayMs */
export async function startFakePushService(delayMs) {
  /** @type {number[]} */
  const arrivals = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      setTimeout(() => response.writeHead(201).end(), delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A browser-like subscription: a P-256 public key and a 16-byte auth secret. @param {string} endpoint */
export function fakeSubscription(endpoint) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
