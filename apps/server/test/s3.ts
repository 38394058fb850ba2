import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/providers/storage/s3.storage.ts';

export interface LocalS3 {
  settings: S3Settings;
  /** The same settings as `S3_*` environment variables, for a server started as a process. */
  env: Record<string, string>;
  /**
   * Takes the store away: it stops listening and drops every connection (requests in flight end
   * cut off, new ones are refused), as a stopped S3 service looks to its clients.
   */
  stop(): Promise<void>;
  /** Brings it back on the same port, with the same folder (every object kept). */
  start(): Promise<void>;
  /** The keys of the objects under `prefix`, as the store lists them. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, which checks every request's signature) with one empty
 * bucket, in a temporary folder that goes when it closes.
 */
export async function startLocalS3(bucket = 'kadr-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kadr-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, address: await server.run() };
  };
  let running: S3rver | undefined;
  const first = await serve(0);
  running = first.server;
  const { port } = first.address;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    publicEndpoint: undefined,
    region: 'us-east-1',
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const stop = async () => {
    const server = running;
    running = undefined;
    if (!server) return;
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await closed;
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    async start() {
      if (running) return;
      running = (await serve(port)).server;
    },
    async keys(prefix) {
      const client = new S3Client({
        endpoint,
        region: settings.region,
        credentials: settings.credentials,
        forcePathStyle: true,
      });
      try {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          );
          for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
          token = page.NextContinuationToken;
        } while (token);
        return keys;
      } finally {
        client.destroy();
      }
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
