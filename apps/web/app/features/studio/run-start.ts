import '~/locales/app-run';
import { type ModelDefinition, type ModelType, validateModelRequest } from '@kadr/catalog';
import type { TFunction } from 'i18next';
import { ClientError } from '~/features/generations/api';
import { fieldErrorText } from '~/features/generations/run/field-errors';
import type { GenerationPayload } from '~/features/generations/run/run-api';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';

// What the studio's form needs once it is submitted, not before its first paint: the request's
// own checks (the catalogue's, the server's same), the field errors in the person's language and
// the announcements of a run started or refused. StudioForm loads it on demand (ADR 042).

/** Each field's error in the person's language, by the field's name. */
export function fieldErrorTexts(
  t: TFunction<'app'>,
  model: ModelDefinition,
  list: readonly { field: string; code: string }[],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const error of list) {
    const def = model.parameters.find((p) => p.name === error.field);
    texts[error.field] = fieldErrorText(t, error, def);
  }
  return texts;
}

/** The catalogue's checks of a request: null when it may be sent, else its fields' errors. */
export function requestErrors(
  t: TFunction<'app'>,
  model: ModelDefinition,
  payload: GenerationPayload,
): Record<string, string> | null {
  const checked = validateModelRequest(model, payload);
  return checked.ok ? null : fieldErrorTexts(t, model, checked.errors);
}

export function announceStarted(t: TFunction<'app'>, type: ModelType): void {
  toast.success(t('run.toast.started', { type: t(`generation.typeLower.${type}`) }), {
    description: t('run.toast.startedHint'),
  });
}

/**
 * A run that did not start: a limit has its own title and says the wait or the count; anything
 * else says what the server said. Returns the fields' errors the server named, if any.
 */
export function announceNotStarted(
  t: TFunction<'app'>,
  tCommon: TFunction<'common'>,
  model: ModelDefinition,
  failure: Error,
): Record<string, string> | null {
  console.warn(failure.message);
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  const limited = limitMessage(problem, tCommon);
  toast.error(
    t(limited ? 'run.toast.notStarted' : 'run.toast.startFailed', {
      type: t(`generation.typeLower.${model.type}`),
    }),
    { description: limited ?? problem?.message },
  );
  return problem?.fieldErrors.length ? fieldErrorTexts(t, model, problem.fieldErrors) : null;
}
