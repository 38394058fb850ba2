import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../test/config-problems.ts';
import { loadConfig, repoRoot } from '../../config.ts';

describe('storage configuration', () => {
  it('keeps files in DATA_DIR/files and streams them when no bucket is set', () => {
    const config = loadConfig({ DATA_DIR: './.data-x' });
    expect(config.storage).toEqual({
      kind: 'disk',
      dir: path.join(repoRoot, '.data-x', 'files'),
      delivery: 'stream',
      urlTtlSeconds: 300,
    });
  });

  it('uses the bucket with its settings when S3_BUCKET is set', () => {
    const config = loadConfig({
      S3_BUCKET: 'kadr-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PUBLIC_ENDPOINT: 'https://files.kadr.example',
      S3_REGION: 'ru-central1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      FILE_DELIVERY: 'redirect',
      FILE_URL_TTL_SECONDS: '120',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        publicEndpoint: 'https://files.kadr.example',
        region: 'ru-central1',
        bucket: 'kadr-files',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
      delivery: 'redirect',
      urlTtlSeconds: 120,
    });
    // Without keys, the SDK's own chain (an instance role) signs.
    expect(loadConfig({ S3_BUCKET: 'kadr-files' }).storage).toMatchObject({
      kind: 's3',
      s3: { credentials: undefined, region: 'us-east-1', forcePathStyle: false },
      delivery: 'stream',
    });
  });

  it('refuses half a configuration, naming every variable at once', () => {
    expect(
      configProblems({
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        FILE_DELIVERY: 'redirect',
      }),
    ).toEqual([
      'S3_BUCKET: is required with S3_ENDPOINT',
      'S3_BUCKET: is required with S3_ACCESS_KEY_ID',
      'FILE_DELIVERY: redirect needs S3 storage (S3_BUCKET): files on the local disk are streamed',
      'S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID',
    ]);
    expect(configProblems({ S3_BUCKET: 'Kadr_Files' })).toEqual([
      'S3_BUCKET: must be an S3 bucket name',
    ]);
    expect(configProblems({ S3_BUCKET: 'kadr', S3_ENDPOINT: 'minio:9000' })).toEqual([
      'S3_ENDPOINT: Invalid URL',
    ]);
    expect(configProblems({ FILE_URL_TTL_SECONDS: '5' })).toHaveLength(1);
  });
});
