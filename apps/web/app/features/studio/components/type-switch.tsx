import '~/locales/app-studio';
import type { ModelType } from '@kadr/catalog';
import { clsx } from 'clsx';
import { Image as ImageIcon, Video } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/** Images or videos, as two pressed/unpressed buttons (the batch and compare forms). */
export function TypeSwitch({
  type,
  onChange,
}: {
  type: ModelType;
  onChange: (type: ModelType) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <fieldset className="flex gap-1 rounded-xl border border-line bg-surface p-1 sm:w-fit">
      <legend className="sr-only">{t('studio.tabsLabel')}</legend>
      {(['image', 'video'] as const).map((tab) => {
        const Icon = tab === 'image' ? ImageIcon : Video;
        return (
          <button
            key={tab}
            type="button"
            aria-pressed={type === tab}
            onClick={() => onChange(tab)}
            className={clsx(
              'inline-flex h-9 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-medium sm:flex-none',
              type === tab ? 'bg-accent text-white' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(`generation.type.${tab}`)}
          </button>
        );
      })}
    </fieldset>
  );
}
