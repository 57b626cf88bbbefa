import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { Server, createServer } from 'node:http';

/** A request as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the fake answered. */
  status: number;
}

/**
 * A browser's side of one subscription: its ECDH key pair and auth secret, made here, so the test
 * can decrypt what the server sends like the browser would.
 */
export class FakeBrowser {
  private readonly ecdh = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  get subscription() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** RFC 8291 (Web Push encryption) over RFC 8188 (aes128gcm), one record, as a browser decrypts it. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const keyIdLength = body.readUInt8(20);
    const serverPublicKey = body.subarray(21, 21 + keyIdLength);
    const record = body.subarray(21 + keyIdLength);
    const sharedSecret = this.ecdh.computeSecret(serverPublicKey);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      this.ecdh.getPublicKey(),
      serverPublicKey,
    ]);
    const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(-16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then optional zero padding.
    let end = padded.length - 1;
    while (padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** Where the fake's redirects point (its path prefix). */
export const REDIRECTED = '/redirected';

/**
 * An HTTP push service on loopback: records every request and answers from a per-path script,
 * `answerAfterMs` after the request's end (as a real one answers after its round trip).
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server!: Server;
  origin = '';
  /** Requests received and not yet answered, now and at most so far. */
  private unanswered = 0;
  mostInFlight = 0;
  /** While set, answers wait for it (hold/release). */
  private held: { released: Promise<void>; release: () => void } | null = null;

  constructor(private readonly answerAfterMs = 0) {}

  /** Listens on loopback, on `port` (0: any free one). */
  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const status = this.scripts.get(path)?.shift() ?? 201;
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
        // A redirect points elsewhere on this service: a sender that follows it shows up there.
        const location = status >= 300 && status < 400 ? { location: `${REDIRECTED}${path}` } : {};
        this.mostInFlight = Math.max(this.mostInFlight, ++this.unanswered);
        const answer = () => {
          this.unanswered--;
          response.writeHead(status, location).end();
        };
        void (this.held?.released ?? Promise.resolve()).then(() => setTimeout(answer, this.answerAfterMs));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers nothing until release(): what was sent meanwhile is received, unanswered. */
  hold(): void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { released, release };
  }

  release(): void {
    this.held?.release();
    this.held = null;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** A new device's subscription on this service; `answers` are its next statuses (then 201). */
  newBrowser(...answers: number[]): FakeBrowser {
    const path = `/push/${randomUUID()}`;
    this.scripts.set(path, answers);
    return new FakeBrowser(`${this.origin}${path}`);
  }

  receivedBy(browser: FakeBrowser): ReceivedPush[] {
    const path = new URL(browser.endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }
}
