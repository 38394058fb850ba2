import { describe, expect, it } from 'vitest';
import { configProblems } from '../../../test/config-problems.ts';
import { loadConfig } from '../../config.ts';

describe('WEBHOOKS_ALLOW_PRIVATE_URLS', () => {
  it('is on in demo mode, off otherwise, and either can be said', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowPrivateUrls: true });
    expect(loadConfig({ DEMO_MODE: 'false' }).webhooks).toEqual({ allowPrivateUrls: false });
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' }).webhooks).toEqual({
      allowPrivateUrls: false,
    });
    expect(
      loadConfig({ DEMO_MODE: 'false', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).webhooks,
    ).toEqual({ allowPrivateUrls: true });
  });

  it('cannot be on in production', () => {
    expect(
      configProblems({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }),
    ).toContain(
      'WEBHOOKS_ALLOW_PRIVATE_URLS: cannot be on in production: anyone with a key could make the server call this machine, the private network or the cloud metadata service',
    );
  });
});
