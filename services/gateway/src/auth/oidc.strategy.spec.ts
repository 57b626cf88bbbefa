import { createServer } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { callbackUrl, discoverIssuer } from './oidc.strategy';
import type { GatewayConfig } from '../config';

describe('discoverIssuer', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('gives up after the retries with an error that names the issuer URL', async () => {
    // A port nobody listens on: connections are refused at once.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    const url = `http://127.0.0.1:${port}`;

    await expect(discoverIssuer(url, { attempts: 2, delayMs: 1 })).rejects.toThrow(
      `OpenID Connect discovery failed for OIDC_ISSUER_URL=${url} after 2 attempts`,
    );
  });
});

describe('callbackUrl', () => {
  it('is /api/callback on the public origin', () => {
    expect(callbackUrl({ PUBLIC_URL: 'https://daybreak.example/' } as GatewayConfig)).toBe(
      'https://daybreak.example/api/callback',
    );
  });
});
