import { listModels, listTools } from '@kadr/catalog';
import { type ApiKey, apiKeyLimits } from '@kadr/contract';
import { describe, expect, it } from 'vitest';
import { emptyKeyForm, keyBody, keyFormOf, modelChoices, modelName } from './keys-form';

const key: ApiKey = {
  id: 'k1',
  name: 'Bot',
  prefix: 'kadr_abcdefgh',
  created: '2026-11-26T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  daily_limit: 50,
  monthly_limit: null,
  allowed_models: ['seedream-3'],
  scope: 'account',
  webhook_url: 'https://example.com/hook',
  spent_today: 0,
  spent_month: 0,
  spent_total: 0,
  requests_today: 0,
};

describe('the key form', () => {
  it('sends every field, empty ones as null, so a change can clear a limit or the webhook', () => {
    expect(keyBody({ ...emptyKeyForm, name: '  Bot  ' })).toEqual({
      body: {
        name: 'Bot',
        daily_limit: null,
        monthly_limit: null,
        allowed_models: null,
        scope: 'key',
        webhook_url: null,
      },
    });
    expect(keyBody(keyFormOf(key))).toEqual({
      body: {
        name: 'Bot',
        daily_limit: 50,
        monthly_limit: null,
        allowed_models: ['seedream-3'],
        scope: 'account',
        webhook_url: 'https://example.com/hook',
      },
    });
  });

  it('makes a new key see only its own generations unless the whole account is chosen', () => {
    expect(emptyKeyForm.scope).toBe('key');
    expect(keyBody({ ...emptyKeyForm, name: 'Bot' })).toEqual({
      body: expect.objectContaining({ scope: 'key' }),
    });
    expect(keyBody({ ...emptyKeyForm, name: 'Bot', scope: 'account' })).toEqual({
      body: expect.objectContaining({ scope: 'account' }),
    });
  });

  it('starts a change with the key’s scope and sends the scope only when it moved', () => {
    expect(keyFormOf(key).scope).toBe('account');
    expect(keyFormOf({ ...key, scope: 'key' }).scope).toBe('key');
    const unchanged = keyBody({ ...keyFormOf(key), name: 'Renamed' }, key);
    // Strict: a scope of undefined would still be a field the body carries.
    expect(unchanged).toStrictEqual({
      body: {
        name: 'Renamed',
        daily_limit: 50,
        monthly_limit: null,
        allowed_models: ['seedream-3'],
        webhook_url: 'https://example.com/hook',
      },
    });
    expect(keyBody({ ...keyFormOf(key), scope: 'key' }, key)).toEqual({
      body: expect.objectContaining({ scope: 'key' }),
    });
    const narrow = { ...key, scope: 'key' as const };
    expect(keyBody({ ...keyFormOf(narrow), scope: 'account' }, narrow)).toEqual({
      body: expect.objectContaining({ scope: 'account' }),
    });
  });

  it.each([
    ['a name of spaces', { name: '   ' }, { name: 'required' }],
    ['a limit that is not a whole number', { dailyLimit: '2.5' }, { daily_limit: 'limit' }],
    ['a limit of zero', { monthlyLimit: '0' }, { monthly_limit: 'limit' }],
    [
      'a limit above the largest',
      { dailyLimit: String(apiKeyLimits.maxSpendLimit + 1) },
      { daily_limit: 'limit' },
    ],
    ['a restricted list with nothing in it', { models: [] }, { allowed_models: 'models' }],
  ])('refuses %s before sending', (_, change, problems) => {
    expect(keyBody({ ...emptyKeyForm, name: 'Bot', ...change })).toEqual({ problems });
  });

  it('leaves the webhook address to the server (it says why in the person’s language)', () => {
    const result = keyBody({ ...emptyKeyForm, name: 'Bot', webhookUrl: 'ftp://example.com' });
    expect(result).toEqual({ body: expect.objectContaining({ webhook_url: 'ftp://example.com' }) });
  });

  it('offers every model and tool of the catalogue, tools by their name in the language', () => {
    const groups = modelChoices('ru');
    const ids = groups.flatMap((group) => group.items.map((item) => item.id));
    expect(ids.sort()).toEqual(
      [...listModels('image'), ...listModels('video'), ...listTools()].map((m) => m.id).sort(),
    );
    const tool = listTools()[0];
    if (!tool) throw new Error('the catalogue has tools');
    expect(modelName(tool.id, 'ru')).toBe(tool.tool.title.ru);
    expect(modelName(tool.id, 'en')).toBe(tool.tool.title.en);
    expect(modelName('gone-model', 'en')).toBe('gone-model');
  });
});
