import '~/locales/app';
import '~/locales/app-keys';
import {
  type ApiKey,
  type ApiKeyScope,
  apiKeyLimits,
  apiKeyScopes,
  type CreateApiKeyBody,
  type CreatedApiKey,
  isLanguage,
  type Language,
} from '@kadr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { ClientError } from '~/features/generations/api';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import {
  createApiKey,
  getWebhookSecret,
  keysQueryKeys,
  revokeApiKey,
  updateApiKey,
} from '../keys-api';
import {
  emptyKeyForm,
  type KeyField,
  type KeyFieldProblem,
  type KeyFormValues,
  keyBody,
  keyFormOf,
  modelChoices,
} from '../keys-form';
import { CopyField } from './copy-field';

/** Which of the section's dialogs is open, and for which key. */
export type KeyDialogState =
  | { kind: 'create' }
  | { kind: 'edit' | 'secret' | 'revoke'; key: ApiKey }
  | null;

export function KeyDialogs({ state, onClose }: { state: KeyDialogState; onClose: () => void }) {
  if (state === null) return null;
  if (state.kind === 'create') return <KeyFormDialog onClose={onClose} />;
  if (state.kind === 'edit') return <KeyFormDialog apiKey={state.key} onClose={onClose} />;
  if (state.kind === 'secret') return <SecretDialog apiKey={state.key} onClose={onClose} />;
  return <RevokeDialog apiKey={state.key} onClose={onClose} />;
}

function useRefreshKeys() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keysQueryKeys.keys }),
      client.invalidateQueries({ queryKey: keysQueryKeys.accountEvents }),
    ]);
}

/** The server's field errors by the form's field (`allowed_models.3` is the models' field). */
function serverFieldErrors(error: unknown): Partial<Record<KeyField, string>> {
  const problem = error instanceof ClientError ? error.problem : undefined;
  const fields: Partial<Record<KeyField, string>> = {};
  for (const { field, message } of problem?.fieldErrors ?? []) {
    const name = field.split('.')[0];
    if (
      name === 'name' ||
      name === 'daily_limit' ||
      name === 'monthly_limit' ||
      name === 'allowed_models' ||
      name === 'webhook_url'
    ) {
      fields[name] ??= message;
    }
  }
  return fields;
}

/** What went wrong beyond the fields: the server's own words, else the failure's. */
function formError(error: unknown): string {
  const problem = error instanceof ClientError ? error.problem : undefined;
  return problem ? (problem.detail ?? problem.title) : String((error as Error).message ?? error);
}

/**
 * Create (no `apiKey`) or change a key: name, the two spend limits, the models it may use (from
 * the catalogue), what it sees and its webhook. A new key's answer turns the dialog into the one showing it.
 */
function KeyFormDialog({ apiKey, onClose }: { apiKey?: ApiKey; onClose: () => void }) {
  const { t, i18n } = useTranslation('app');
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'ru';
  const [values, setValues] = useState<KeyFormValues>(apiKey ? keyFormOf(apiKey) : emptyKeyForm);
  const [problems, setProblems] = useState<Partial<Record<KeyField, KeyFieldProblem>>>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = useRefreshKeys();
  const save = useMutation({
    mutationFn: (body: CreateApiKeyBody): Promise<ApiKey | CreatedApiKey> =>
      apiKey ? updateApiKey(apiKey.id, body) : createApiKey(body),
    onSuccess: async (answer) => {
      await refresh();
      if ('secret' in answer) setCreated(answer);
      else {
        toast.success(t('keys.form.saved'));
        onClose();
      }
    },
  });
  const ids = useId();

  if (created) return <CreatedDialog created={created} onClose={onClose} />;

  const server = save.isError ? serverFieldErrors(save.error) : {};
  const problemText: Record<KeyFieldProblem, string> = {
    required: t('keys.form.nameRequired'),
    limit: t('keys.form.limitInvalid', { max: apiKeyLimits.maxSpendLimit }),
    models: t('keys.form.modelsNone'),
  };
  const errorOf = (field: KeyField): string | undefined => {
    const local = problems[field];
    return local ? problemText[local] : server[field];
  };
  const set = (patch: Partial<KeyFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    save.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = keyBody(values, apiKey);
    if ('problems' in result) {
      setProblems(result.problems);
      // The first field at fault takes the focus, so its message is read.
      const first = Object.keys(result.problems)[0];
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    save.mutate(result.body);
  };
  const unfielded =
    save.isError && Object.keys(server).length === 0 ? formError(save.error) : undefined;

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={apiKey ? t('keys.form.editTitle', { name: apiKey.name }) : t('keys.form.createTitle')}
      closeLabel={t('keys.form.close')}
      className="max-w-xl"
    >
      <form onSubmit={submit} noValidate className="mt-5 space-y-5">
        <Field
          id={`${ids}-name`}
          label={t('keys.form.name')}
          hint={t('keys.form.nameHint')}
          error={errorOf('name')}
        >
          {(described) => (
            <input
              {...described}
              data-field="name"
              value={values.name}
              maxLength={apiKeyLimits.nameMax}
              autoComplete="off"
              onChange={(event) => set({ name: event.target.value })}
              className={inputClasses}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            id={`${ids}-daily`}
            label={t('keys.form.dailyLimit')}
            hint={t('keys.form.limitHint')}
            error={errorOf('daily_limit')}
          >
            {(described) => (
              <input
                {...described}
                data-field="daily_limit"
                inputMode="numeric"
                value={values.dailyLimit}
                onChange={(event) => set({ dailyLimit: event.target.value })}
                className={inputClasses}
              />
            )}
          </Field>
          <Field
            id={`${ids}-monthly`}
            label={t('keys.form.monthlyLimit')}
            hint={t('keys.form.limitHint')}
            error={errorOf('monthly_limit')}
          >
            {(described) => (
              <input
                {...described}
                data-field="monthly_limit"
                inputMode="numeric"
                value={values.monthlyLimit}
                onChange={(event) => set({ monthlyLimit: event.target.value })}
                className={inputClasses}
              />
            )}
          </Field>
        </div>
        <ModelsField
          language={language}
          models={values.models}
          error={errorOf('allowed_models')}
          onChange={(models) => set({ models })}
        />
        <ScopeField scope={values.scope} onChange={(scope) => set({ scope })} />
        <Field
          id={`${ids}-webhook`}
          label={t('keys.form.webhookUrl')}
          hint={t('keys.form.webhookHint')}
          error={errorOf('webhook_url')}
        >
          {(described) => (
            <input
              {...described}
              data-field="webhook_url"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.webhookUrl}
              maxLength={apiKeyLimits.webhookUrlMax}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => set({ webhookUrl: event.target.value })}
              className={inputClasses}
            />
          )}
        </Field>
        {unfielded ? (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {t('keys.form.failed', { message: unfielded })}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('keys.form.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {apiKey ? t('keys.form.submitEdit') : t('keys.form.submitCreate')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const inputClasses =
  'mt-1.5 h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-fg-muted aria-invalid:border-red-400';

type Described = {
  id: string;
  'aria-describedby': string;
  'aria-invalid': boolean | undefined;
};

/** A labelled input with its hint and, when it is wrong, the reason (read with it). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  children: (described: Described) => ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {children({
        id,
        'aria-describedby': error ? `${id}-error ${id}-hint` : `${id}-hint`,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300" data-field-error>
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {hint}
      </p>
    </div>
  );
}

/** Every model and tool, or only those ticked (from the catalogue, grouped as the studio is). */
function ModelsField({
  language,
  models,
  error,
  onChange,
}: {
  language: Language;
  models: string[] | null;
  error: string | undefined;
  onChange: (models: string[] | null) => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const chosen = new Set(models ?? []);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange([...next]);
  };
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={error ? `${ids}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-fg">{t('keys.form.models')}</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        <label className="inline-flex items-center gap-2 text-sm text-fg">
          <input
            type="radio"
            name={`${ids}-scope`}
            checked={models === null}
            onChange={() => onChange(null)}
            className="size-4 accent-accent"
          />
          {t('keys.form.modelsAll')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-fg">
          <input
            type="radio"
            name={`${ids}-scope`}
            data-field="allowed_models"
            checked={models !== null}
            onChange={() => onChange(models ?? [])}
            className="size-4 accent-accent"
          />
          {t('keys.form.modelsSome')}
        </label>
      </div>
      {error ? (
        <p id={`${ids}-error`} className="mt-1 text-sm text-red-300" data-field-error>
          {error}
        </p>
      ) : null}
      {models === null ? null : (
        <div className="mt-3 grid grid-cols-1 gap-4 rounded-xl border border-line p-3 sm:grid-cols-3">
          {modelChoices(language).map(({ group, items }) => (
            <fieldset key={group} className="min-w-0">
              <legend className="text-xs font-medium text-fg-muted">
                {t(`keys.form.groups.${group}`)}
              </legend>
              <ul className="mt-1.5 space-y-1.5">
                {items.map((item) => (
                  <li key={item.id}>
                    <label className="flex items-start gap-2 text-sm text-fg">
                      <input
                        type="checkbox"
                        value={item.id}
                        checked={chosen.has(item.id)}
                        onChange={(event) => toggle(item.id, event.target.checked)}
                        className="mt-0.5 size-4 shrink-0 accent-accent"
                      />
                      <span className="min-w-0 break-words">{item.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/**
 * What the key sees on `/api/v1`: only the generations it made itself (a new key's default), or
 * every generation of the account, the studio's and other keys' too.
 */
function ScopeField({
  scope,
  onChange,
}: {
  scope: ApiKeyScope;
  onChange: (scope: ApiKeyScope) => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={`${ids}-hint`}>
      <legend className="text-sm font-medium text-fg">{t('keys.form.scope')}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {apiKeyScopes.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm text-fg">
            <input
              type="radio"
              name={`${ids}-scope`}
              value={value}
              checked={scope === value}
              onChange={() => onChange(value)}
              className="mt-0.5 size-4 shrink-0 accent-accent"
            />
            <span className="min-w-0">{t(`keys.form.scopes.${value}`)}</span>
          </label>
        ))}
      </div>
      <p id={`${ids}-hint`} className="mt-1 text-xs text-fg-muted">
        {t('keys.form.scopeHint')}
      </p>
    </fieldset>
  );
}

/** A new key, shown this once with its signing secret, each with a copy button. */
function CreatedDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('app');
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('keys.created.title')}
      description={created.key.name}
      closeLabel={t('keys.form.close')}
      className="max-w-xl"
    >
      <p
        role="note"
        className="mt-4 flex gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-fg"
      >
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t('keys.created.once')}
      </p>
      <div className="mt-5 space-y-4">
        <CopyField
          label={t('keys.created.key')}
          hint={t('keys.created.keyHint')}
          value={created.secret}
          copyLabel={t('keys.created.copyKey')}
        />
        <CopyField
          label={t('keys.created.webhookSecret')}
          hint={t('keys.created.webhookSecretHint')}
          value={created.webhook_secret}
          copyLabel={t('keys.created.copySecret')}
        />
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>{t('keys.created.done')}</Button>
      </div>
    </Modal>
  );
}

/** A key's webhook signing secret, read again on request (the key itself never is). */
function SecretDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('app');
  const secret = useQuery({
    queryKey: [...keysQueryKeys.keys, apiKey.id, 'webhook-secret'],
    queryFn: ({ signal }) => getWebhookSecret(apiKey.id, signal),
    gcTime: 0,
    staleTime: 0,
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('keys.secret.title', { name: apiKey.name })}
      description={t('keys.secret.description')}
      closeLabel={t('keys.form.close')}
      className="max-w-xl"
    >
      <div className="mt-5">
        {secret.data ? (
          <CopyField
            label={t('keys.created.webhookSecret')}
            value={secret.data}
            copyLabel={t('keys.created.copySecret')}
          />
        ) : secret.isError ? (
          <p role="alert" className="text-sm text-fg">
            {t('keys.secret.failed')}
          </p>
        ) : (
          <p role="status" className="text-sm text-fg-muted">
            {t('keys.loading')}
          </p>
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('keys.form.close')}
        </Button>
      </div>
    </Modal>
  );
}

/** Revoking is final: asked once more, then the key gets 401 everywhere. */
function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('app');
  const refresh = useRefreshKeys();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: async () => {
      await refresh();
      toast.success(t('keys.revoke.done', { name: apiKey.name }));
      onClose();
    },
    onError: (error) => toast.error(t('keys.revoke.failed', { message: formError(error) })),
  });
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('keys.revoke.title', { name: apiKey.name })}
      description={t('keys.revoke.text')}
      closeLabel={t('keys.form.close')}
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          {t('keys.form.cancel')}
        </Button>
        <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
          {t('keys.revoke.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
