import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { oauthEmulatorOptions } from '../../demo.ts';
import { createOAuthProviders } from './index.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('sign-in configuration', () => {
  it('emulates every provider without credentials in demo mode, on our own origin', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.oauth.google).toMatchObject({
      emulated: true,
      issuer: 'http://localhost:3000/emulators/oauth/google',
    });
    expect(config.oauth.yandex).toMatchObject({
      emulated: true,
      tokenUrl: 'http://localhost:3000/emulators/oauth/yandex/token',
    });
    expect(config.oauth.vk).toMatchObject({
      emulated: true,
      clientSecret: undefined,
      tokenUrl: 'http://localhost:3000/emulators/oauth/vk/oauth2/auth',
    });
    expect([...createOAuthProviders(config).keys()]).toEqual(['google', 'yandex', 'vk']);
    expect(oauthEmulatorOptions(config)).toMatchObject({
      prefix: '/emulators/oauth',
      baseUrl: 'http://localhost:3000/emulators/oauth',
      google: { redirectUriPrefixes: ['http://localhost:3000/api/auth/'] },
    });
  });

  it('uses real endpoints for a provider with credentials and emulates only the rest', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.oauth.google).toEqual({
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      emulated: false,
      issuer: 'https://accounts.google.com',
    });
    const emulation = oauthEmulatorOptions(config);
    expect(emulation?.google).toBeUndefined();
    expect(emulation?.yandex).toBeDefined();
  });

  it('defaults the real endpoints to the providers’ documented ones', () => {
    const config = loadConfig({
      DEMO_MODE: 'false',
      YANDEX_CLIENT_ID: 'y',
      YANDEX_CLIENT_SECRET: 's',
      VK_CLIENT_ID: '5123456',
    });
    expect(config.oauth.yandex).toMatchObject({
      authorizeUrl: 'https://oauth.yandex.ru/authorize',
      tokenUrl: 'https://oauth.yandex.ru/token',
      userinfoUrl: 'https://login.yandex.ru/info',
      avatarUrl: 'https://avatars.yandex.net/get-yapic',
    });
    expect(config.oauth.vk).toMatchObject({
      authorizeUrl: 'https://id.vk.ru/authorize',
      tokenUrl: 'https://id.vk.ru/oauth2/auth',
      userinfoUrl: 'https://id.vk.ru/oauth2/user_info',
    });
    expect(config.oauth.google).toBeUndefined();
  });

  it('makes a provider without credentials unavailable outside demo mode, and mounts nothing', () => {
    const config = loadConfig({ DEMO_MODE: 'false' });
    expect(config.oauth).toMatchObject({ google: undefined, yandex: undefined, vk: undefined });
    expect(createOAuthProviders(config).size).toBe(0);
    expect(oauthEmulatorOptions(config)).toBeUndefined();
  });

  it('derives the flow-cookie key from the signing secret, never equal to it', () => {
    const secret = 'c'.repeat(32);
    const key = loadConfig({ SIGNING_SECRET: secret }).oauth.cookieSecret;
    expect(key).not.toBe(secret);
    expect(loadConfig({ SIGNING_SECRET: secret }).oauth.cookieSecret).toBe(key);
    expect(loadConfig({ SIGNING_SECRET: 'd'.repeat(32) }).oauth.cookieSecret).not.toBe(key);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID'],
    [{ YANDEX_CLIENT_SECRET: 's' }, 'YANDEX_CLIENT_ID: is required with YANDEX_CLIENT_SECRET'],
    [{ SIGNING_SECRET: 'short' }, 'SIGNING_SECRET'],
    [{ NODE_ENV: 'production' }, 'SIGNING_SECRET: is required in production'],
    [
      { NODE_ENV: 'production', VK_TOKEN_URL: 'http://id.vk.ru/oauth2/auth' },
      'VK_TOKEN_URL: must be https:// in production',
    ],
  ])('refuses %j', (env, problem) => {
    expect(problems(env).join('\n')).toContain(problem);
  });
});
