import '~/locales/app-cards';
import { marketplacePresets } from '@kadr/catalog';
import { clsx } from 'clsx';
import { useId } from 'react';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import { maxSlides } from '../slides';
import { FreeTag } from './step';

/**
 * Which marketplace the set is laid out for, with each one's size and ratio. Switching re-lays the
 * same slides at once: no AI, no credits. A preset that holds fewer slides than the set has is
 * offered once some are removed.
 */
export function PresetSwitch({
  value,
  slideCount,
  onChange,
}: {
  value: string;
  slideCount: number;
  onChange: (preset: string) => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="mb-2 flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
        {t('cards.preset.legend')}
        <FreeTag>{t('cards.preset.free')}</FreeTag>
      </legend>
      <div className="grid grid-cols-2 gap-2 xl:grid-cols-4">
        {marketplacePresets.map((preset) => {
          const checked = preset.id === value;
          const tooMany = slideCount > maxSlides(preset);
          return (
            <label
              key={preset.id}
              data-preset={preset.id}
              className={clsx(
                'flex min-w-0 cursor-pointer flex-col gap-0.5 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft',
                checked
                  ? 'border-accent-soft bg-accent/15'
                  : 'border-line bg-surface hover:bg-surface-raised',
                tooMany && 'cursor-not-allowed opacity-60',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${hintId}-preset`}
                  value={preset.id}
                  checked={checked}
                  disabled={tooMany}
                  onChange={() => onChange(preset.id)}
                  className="size-4 shrink-0 accent-accent"
                />
                <span className="text-sm leading-snug font-medium text-fg">
                  {preset.name[language]}
                </span>
              </span>
              <span className="text-xs text-fg-muted tabular-nums" data-preset-size="">
                {t('cards.preset.size', {
                  width: preset.width,
                  height: preset.height,
                  w: preset.ratio.w,
                  h: preset.ratio.h,
                })}
              </span>
              {tooMany ? (
                <span className="text-xs text-fg-muted">
                  {t('cards.preset.tooMany', { count: maxSlides(preset) })}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      <p id={hintId} className="mt-2 text-xs text-fg-muted">
        {t('cards.preset.hint')}
      </p>
    </fieldset>
  );
}
