import { generateKeyPairSync } from 'node:crypto';

/**
 * The identity key pair integration tests share with the services they boot: made once per run (no
 * key is committed) by jest's globalSetup, whose environment the workers inherit. Kept free of
 * @daybreak imports: globalSetup loads it outside the module mapper that resolves them to source.
 */
export function testIdentityKeys(): { privateKey: string; publicKey: string } {
  if (!process.env.IDENTITY_PRIVATE_KEY || !process.env.IDENTITY_PUBLIC_KEY) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    process.env.IDENTITY_PRIVATE_KEY = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    process.env.IDENTITY_PUBLIC_KEY = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  }
  return { privateKey: process.env.IDENTITY_PRIVATE_KEY, publicKey: process.env.IDENTITY_PUBLIC_KEY };
}
