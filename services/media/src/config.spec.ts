import { generateIdentityKeyPair } from '@daybreak/nest-common';
import { loadMediaConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://user:pass@127.0.0.1:5432/daybreak',
  KAFKA_BROKERS: '127.0.0.1:9092',
  IDENTITY_PUBLIC_KEY: generateIdentityKeyPair().publicKey,
};

describe('media config: the S3 store', () => {
  it('is off by default, with AWS defaults ready for when a bucket is set', () => {
    const config = loadMediaConfig(base);
    expect(config.MEDIA_S3_BUCKET).toBeUndefined();
    expect(config).toMatchObject({
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_FORCE_PATH_STYLE: false,
    });
  });

  it('reads a bucket on an S3-compatible service with a key pair', () => {
    const config = loadMediaConfig({
      ...base,
      MEDIA_S3_BUCKET: 'daybreak-media',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_S3_REGION: 'eu-central-1',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: 'key',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config).toMatchObject({
      MEDIA_S3_BUCKET: 'daybreak-media',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_S3_REGION: 'eu-central-1',
      MEDIA_S3_FORCE_PATH_STYLE: true,
      MEDIA_S3_ACCESS_KEY_ID: 'key',
      MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
    });
  });

  it('refuses half a key pair, a malformed endpoint and a vague boolean', () => {
    expect(() => loadMediaConfig({ ...base, MEDIA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /MEDIA_S3_SECRET_ACCESS_KEY is required/,
    );
    expect(() => loadMediaConfig({ ...base, MEDIA_S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /MEDIA_S3_ACCESS_KEY_ID is required/,
    );
    expect(() => loadMediaConfig({ ...base, MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(/MEDIA_S3_ENDPOINT/);
    expect(() => loadMediaConfig({ ...base, MEDIA_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /MEDIA_S3_FORCE_PATH_STYLE/,
    );
  });
});
