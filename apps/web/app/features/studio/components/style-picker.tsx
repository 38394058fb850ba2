import '~/locales/app-styles';
import { clsx } from 'clsx';
import { Ban, Check } from 'lucide-react';
import { Modal } from '~/components/ui/modal';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import type { ChosenStyle } from '../studio-state';
import { chosenStyle, styleGroups, stylePreview } from '../style-data';

export type StylePickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  model: { id: string; name: string };
  selected: string | null;
  onChoose: (style: ChosenStyle | null) => void;
};

/**
 * The style presets a model takes (issue #49, ADR 051), each with its preview drawn by the sample
 * pipeline, grouped by kind; and "No style". Loaded on first use (./style-button.tsx).
 */
export function StylePicker({ open, onOpenChange, model, selected, onChoose }: StylePickerProps) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const groups = styleGroups(model.id);
  const count = groups.reduce((sum, group) => sum + group.styles.length, 0);
  const choose = (style: ChosenStyle | null) => {
    onChoose(style);
    onOpenChange(false);
  };
  const card =
    'group relative flex w-full flex-col overflow-hidden rounded-xl border text-left transition-colors focus-visible:outline-2 focus-visible:outline-accent';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('styles.picker.title')}
      description={t('styles.picker.description', { count, model: model.name })}
      closeLabel={t('styles.picker.close')}
      className="sm:max-w-4xl"
    >
      <div className="mt-5 space-y-6" data-style-picker>
        <button
          type="button"
          aria-pressed={selected === null}
          onClick={() => choose(null)}
          className={clsx(
            'inline-flex min-h-11 items-center gap-2 rounded-xl border px-4 text-sm font-medium',
            selected === null
              ? 'border-accent bg-accent/15 text-fg'
              : 'border-line text-fg-muted hover:border-accent/50 hover:text-fg',
          )}
        >
          <Ban aria-hidden="true" className="size-4" />
          {t('styles.picker.none')}
        </button>
        {groups.map((group) => (
          <section key={group.category} aria-labelledby={`style-group-${group.category}`}>
            <h3 id={`style-group-${group.category}`} className="mb-3 text-sm font-semibold text-fg">
              {t(`styles.categories.${group.category}`)}
            </h3>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {group.styles.map((style) => {
                const pressed = selected === style.id;
                const preview = stylePreview(style.id);
                return (
                  <li key={style.id}>
                    <button
                      type="button"
                      data-style={style.id}
                      aria-pressed={pressed}
                      onClick={() => choose(chosenStyle(style))}
                      className={clsx(
                        card,
                        pressed
                          ? 'border-accent ring-2 ring-accent'
                          : 'border-line hover:border-accent/60',
                      )}
                    >
                      <picture>
                        <source type="image/avif" srcSet={`${preview.src}.avif`} />
                        <img
                          src={`${preview.src}.webp`}
                          alt=""
                          width={preview.width}
                          height={preview.height}
                          loading="lazy"
                          decoding="async"
                          className="aspect-[4/5] h-auto w-full bg-surface object-cover"
                        />
                      </picture>
                      <span className="block p-2.5">
                        <span className="flex items-center gap-1.5 text-sm font-medium text-fg">
                          {pressed ? (
                            <Check
                              aria-hidden="true"
                              className="size-4 shrink-0 text-accent-soft"
                            />
                          ) : null}
                          {style.name[language]}
                        </span>
                        <span className="mt-0.5 line-clamp-3 block text-xs text-fg-muted">
                          {style.description[language]}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
        <p className="text-xs text-fg-muted">{t('styles.picker.free')}</p>
      </div>
    </Modal>
  );
}
