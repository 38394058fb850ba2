import { listModels, listTools } from '@kadr/catalog';
import {
  type ApiKey,
  type ApiKeyScope,
  apiKeyLimits,
  type CreateApiKeyBody,
  type Language,
} from '@kadr/contract';

/** What a key's form holds while the person types (limits as typed; models when restricted). */
export type KeyFormValues = {
  name: string;
  dailyLimit: string;
  monthlyLimit: string;
  /** null: every model and tool. */
  models: string[] | null;
  /** What the key sees on `/api/v1`: its own generations, or the whole account's. */
  scope: ApiKeyScope;
  webhookUrl: string;
};

/** The form's fields, named as the server names them in a 400's `errors`. */
export type KeyField = 'name' | 'daily_limit' | 'monthly_limit' | 'allowed_models' | 'webhook_url';

/**
 * The problem with a field the form can tell before sending (the server checks again, and alone
 * judges the webhook address).
 */
export type KeyFieldProblem = 'required' | 'limit' | 'models';

export const emptyKeyForm: KeyFormValues = {
  name: '',
  dailyLimit: '',
  monthlyLimit: '',
  models: null,
  scope: 'key',
  webhookUrl: '',
};

/** A key's current settings, as its edit form starts. */
export function keyFormOf(key: ApiKey): KeyFormValues {
  return {
    name: key.name,
    dailyLimit: key.daily_limit === null ? '' : String(key.daily_limit),
    monthlyLimit: key.monthly_limit === null ? '' : String(key.monthly_limit),
    models: key.allowed_models === null ? null : [...key.allowed_models],
    scope: key.scope,
    webhookUrl: key.webhook_url ?? '',
  };
}

function limitOf(text: string): number | null | 'bad' {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return 'bad';
  const number = Number(value);
  return number >= 1 && number <= apiKeyLimits.maxSpendLimit ? number : 'bad';
}

/**
 * The body a create or a change sends, or the fields the form can already tell are wrong. Every
 * field is sent, so a change can clear a limit or a webhook (null). The scope goes with every new
 * key, and with a change of `editing` (the key as it is) only when it moved: what a key sees is
 * changed on purpose, never by saving its other settings.
 */
export function keyBody(
  values: KeyFormValues,
  editing?: ApiKey,
): { body: CreateApiKeyBody } | { problems: Partial<Record<KeyField, KeyFieldProblem>> } {
  const problems: Partial<Record<KeyField, KeyFieldProblem>> = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'required';
  const daily = limitOf(values.dailyLimit);
  if (daily === 'bad') problems.daily_limit = 'limit';
  const monthly = limitOf(values.monthlyLimit);
  if (monthly === 'bad') problems.monthly_limit = 'limit';
  if (values.models !== null && values.models.length === 0) problems.allowed_models = 'models';
  // The address itself is the server's to judge (it says why in the person's language).
  const webhook = values.webhookUrl.trim();
  if (Object.keys(problems).length > 0 || daily === 'bad' || monthly === 'bad') {
    return { problems };
  }
  return {
    body: {
      name,
      daily_limit: daily,
      monthly_limit: monthly,
      allowed_models: values.models,
      ...(editing && editing.scope === values.scope ? {} : { scope: values.scope }),
      webhook_url: webhook === '' ? null : webhook,
    },
  };
}

export type ModelChoice = { id: string; name: string };

/** What a key may be allowed to use, from the catalogue: image models, video models, tools. */
export function modelChoices(
  language: Language,
): { group: 'image' | 'video' | 'tools'; items: ModelChoice[] }[] {
  const named = (models: readonly { id: string; name: string }[]) =>
    models.map((model) => ({ id: model.id, name: model.name }));
  return [
    { group: 'image', items: named(listModels('image')) },
    { group: 'video', items: named(listModels('video')) },
    {
      group: 'tools',
      items: listTools().map((tool) => ({ id: tool.id, name: tool.tool.title[language] })),
    },
  ];
}

/** A catalogue id's name as the form shows it; an id the catalogue no longer has stays as is. */
export function modelName(id: string, language: Language): string {
  for (const { items } of modelChoices(language)) {
    const found = items.find((item) => item.id === id);
    if (found) return found.name;
  }
  return id;
}
