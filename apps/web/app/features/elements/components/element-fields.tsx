import '~/locales/app-elements-editor';
import { elementDescriptionMax, elementNameMax } from '@kadr/contract';
import { clsx } from 'clsx';
import type { Ref } from 'react';
import { useTranslation } from '~/lib/use-translation';

const inputClass =
  'w-full rounded-lg border bg-surface px-3 text-sm text-fg placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-accent-soft';

/** An element's name: required, at most `elementNameMax` characters; its error under it. */
export function NameField({
  id,
  value,
  error,
  inputRef,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('app');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {t('elementsEditor.name.label')}
      </label>
      <input
        id={id}
        ref={inputRef}
        value={value}
        maxLength={elementNameMax}
        autoComplete="off"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={clsx(inputClass, 'h-11', error ? 'border-red-400' : 'border-line')}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mt-1.5 text-sm text-red-300"
          data-field-error="name"
        >
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-fg-muted">
        {t('elementsEditor.name.hint')}
      </p>
    </div>
  );
}

/** An element's description for prompts: optional, at most `elementDescriptionMax` characters. */
export function DescriptionField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('app');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {t('elementsEditor.description.label')}{' '}
        <span className="font-normal text-fg-muted">
          ({t('elementsEditor.description.optional')})
        </span>
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        maxLength={elementDescriptionMax}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={clsx(inputClass, 'resize-y py-2', error ? 'border-red-400' : 'border-line')}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="mt-1.5 text-sm text-red-300"
          data-field-error="description"
        >
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 flex justify-between gap-3 text-xs text-fg-muted">
        <span>{t('elementsEditor.description.hint')}</span>
        <span className="shrink-0 tabular-nums">
          {t('elementsEditor.description.length', {
            length: value.length,
            max: elementDescriptionMax,
          })}
        </span>
      </p>
    </div>
  );
}

/** A refusal of the whole form (a lost connection, a limit), over its buttons. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-400/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
      data-field-error="form"
    >
      {message}
    </p>
  );
}
