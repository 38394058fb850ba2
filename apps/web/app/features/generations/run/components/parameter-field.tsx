import '~/locales/app-studio';
import {
  evaluateCondition,
  type Localized,
  type ParameterDefinition,
  takesAudio,
} from '@kadr/catalog';
import { clsx } from 'clsx';
import { useId } from 'react';
import { onDemand } from '~/components/on-demand';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import type { AudioInputProps } from '../../pictures/audio-input';
import type { ImageInputProps } from '../../pictures/image-input';
import type { FieldProps } from './field-props';

/**
 * A picture parameter (an input image, a mask): its upload and drop zone are code only the models
 * that take a picture need, fetched when such a field first shows (ADR 042).
 */
const ImageInput = onDemand<ImageInputProps>(
  () => import('../../pictures/image-input').then((module) => module.ImageInput),
  () => true,
);

/** A recording (a talking character's voice, ADR 049): fetched when such a field first shows. */
const AudioInput = onDemand<AudioInputProps>(
  () => import('../../pictures/audio-input').then((module) => module.AudioInput),
  () => true,
);

const inputClass =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg placeholder:text-fg-muted/80 aria-invalid:border-red-400';

function text(value: Localized | undefined): string {
  return value ? value[currentLanguage()] : '';
}

/** The upper limit now: a lower one may apply while a condition holds (safety with an image). */
function effectiveMax(def: ParameterDefinition, values: FieldProps['values']): number | undefined {
  if (def.conditionalMax && evaluateCondition(def.conditionalMax.when, values)) {
    return def.conditionalMax.max;
  }
  return def.max;
}

/** One catalogue parameter as a form control, chosen by its `type`: never by model. */
export function ParameterField(props: FieldProps) {
  const { def, value, values, error, onChange } = props;
  const { t } = useTranslation('app');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const max = effectiveMax(def, values);
  const hints: string[] = [];
  if (def.description) hints.push(text(def.description));
  if (def.recommended) hints.push(t('studio.recommended', def.recommended));
  if (def.conditionalMax && max === def.conditionalMax.max) {
    hints.push(t('studio.maxWhen', { max: def.conditionalMax.max }));
  }
  const describedBy = clsx(hints.length > 0 && hintId, error && errorId) || undefined;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  } as const;

  let control: React.ReactNode;
  if (def.fixed) {
    control = (
      <output id={id} className="block text-sm text-fg" aria-describedby={describedBy}>
        {t('studio.fixedValue', { value: String(def.default ?? '') })}
      </output>
    );
  } else if (takesAudio(def)) {
    return <AudioInput {...props} labelId={`${id}-label`} label={text(def.label)} hints={hints} />;
  } else if (def.type === 'file') {
    return (
      <ImageInput
        {...props}
        labelId={`${id}-label`}
        label={text(def.label)}
        hints={hints}
        {...(def.sameAs ? { sameAsLabel: text(def.sameAs.label) } : {})}
      />
    );
  } else if (def.type === 'select' || def.allowedValues) {
    const options = def.options
      ? def.options.map((option) => ({
          value: option.value,
          label: option.label ? text(option.label) : option.value,
        }))
      : (def.allowedValues ?? []).map((n) => ({ value: String(n), label: String(n) }));
    control = (
      <select
        {...common}
        className={inputClass}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          onChange(def.allowedValues ? Number(raw) : raw);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (def.type === 'boolean') {
    return (
      <div className="flex items-start gap-3">
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-medium text-fg">
            {text(def.label)}
          </label>
          {hints.length > 0 ? (
            <p id={hintId} className="mt-0.5 text-xs text-fg-muted">
              {sentences(hints)}
            </p>
          ) : null}
        </div>
      </div>
    );
  } else if (def.type === 'slider') {
    const current = typeof value === 'number' ? value : Number(def.default ?? def.min ?? 0);
    control = (
      <div className="flex items-center gap-3">
        <input
          {...common}
          type="range"
          min={def.min}
          max={max}
          step={def.step ?? 'any'}
          value={current}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
          className="h-11 w-full accent-accent"
        />
        <output htmlFor={id} className="w-12 shrink-0 text-right text-sm tabular-nums text-fg">
          {current}
        </output>
      </div>
    );
  } else if (def.type === 'number') {
    control = (
      <input
        {...common}
        type="number"
        inputMode={def.integer ? 'numeric' : 'decimal'}
        min={def.min}
        max={max}
        step={def.step ?? 'any'}
        placeholder={def.nullable ? t('studio.random') : undefined}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => {
          const raw = event.currentTarget.value;
          onChange(raw === '' ? (def.nullable ? null : '') : Number(raw));
        }}
        className={inputClass}
      />
    );
  } else if (def.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={3}
        maxLength={def.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={clsx(inputClass, 'h-auto py-2')}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        maxLength={def.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={inputClass}
      />
    );
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {text(def.label)}
      </label>
      {control}
      {hints.length > 0 ? (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {sentences(hints)}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Hints read as sentences one after another: a description without its full stop gets one. */
function sentences(hints: readonly string[]): string {
  return hints.map((hint) => (/[.!?…:]$/.test(hint) ? hint : `${hint}.`)).join(' ');
}
