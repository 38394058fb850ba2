import '~/locales/app-studio';
import {
  type FormatFit,
  formats,
  type ModelDefinition,
  type ParamValue,
  takesShape,
} from '@kadr/catalog';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { onFirstInteraction } from '~/lib/first-interaction';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';

type Fitting = typeof import('../format-fit');

let fitting: Fitting | undefined;
const loadFitting = () =>
  import('../format-fit').then((module) => {
    fitting = module;
    return module;
  });

/**
 * One click for the shape a channel needs (issue #49): Stories, a post, a YouTube cover, a
 * marketplace photo, each set as the nearest the model offers, and said when that is not exact.
 * The chips show at once; what each sets on the model is the catalogue's fitting, fetched at the
 * first sign of use (the studio's first load stays within its budget).
 */
export function FormatChips({
  model,
  values,
  onChoose,
}: {
  model: ModelDefinition;
  values: Readonly<Record<string, ParamValue>>;
  onChoose: (values: Readonly<Record<string, ParamValue>>) => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const [fit, setFit] = useState<Fitting | undefined>(fitting);
  // The format last chosen, so its note stays said while the values are still its own.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (fit) return;
    onFirstInteraction(() => void loadFitting().then(setFit, () => {}));
  }, [fit]);
  if (!takesShape(model)) return null;
  const fitOf = (id: string): FormatFit | undefined => {
    const format = formats.find((entry) => entry.id === id);
    return fit && format ? fit.fitFormat(model, format) : undefined;
  };
  const matches = (result: FormatFit | undefined) =>
    result !== undefined &&
    Object.entries(result.values).every(([name, value]) => values[name] === value);
  const current = chosen ? formats.find((format) => format.id === chosen) : undefined;
  const currentFit = current ? fitOf(current.id) : undefined;
  const choose = (id: string) => {
    const apply = (module: Fitting) => {
      const format = formats.find((entry) => entry.id === id);
      const result = format ? module.fitFormat(model, format) : undefined;
      if (!result) return;
      setChosen(id);
      onChoose(result.values);
    };
    if (fit) apply(fit);
    else
      void loadFitting().then(
        (module) => {
          setFit(module);
          apply(module);
        },
        () => {},
      );
  };
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="mb-2 text-sm font-medium text-fg">{t('studio.formats.label')}</legend>
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => {
          const on = matches(fitOf(format.id));
          return (
            <button
              key={format.id}
              type="button"
              data-format={format.id}
              aria-pressed={on}
              title={format.use[language]}
              onClick={() => choose(format.id)}
              className={clsx(
                'inline-flex min-h-10 items-center rounded-full border px-3 text-sm transition-colors',
                on
                  ? 'border-accent bg-accent/15 text-fg'
                  : 'border-line text-fg-muted hover:border-accent/50 hover:text-fg',
              )}
            >
              {format.name[language]}
            </button>
          );
        })}
      </div>
      {current && currentFit && matches(currentFit) ? (
        <p className="text-xs text-fg-muted" role="status" data-format-note>
          {currentFit.exact
            ? t('studio.formats.exact', { use: current.use[language], shape: currentFit.shape })
            : t('studio.formats.nearest', {
                model: model.name,
                wanted: `${current.ratio.width}:${current.ratio.height}`,
                shape: currentFit.shape,
              })}
        </p>
      ) : null}
    </fieldset>
  );
}
