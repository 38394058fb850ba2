import '~/locales/app-studio';
import { Palette, X } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';
import type { ChosenStyle } from '../studio-state';
import type { StylePickerProps } from './style-picker';

/** The picker and the catalogue's styles, fetched on first use (issue #49: not in the first load). */
const StylePicker = onDemand<StylePickerProps>(
  () => import('./style-picker').then((module) => module.StylePicker),
  (props) => props.open,
);

/**
 * The style preset chosen for the form, and the way to choose one (ADR 051). A style adds words
 * to the prompt the model reads, and nothing to the price.
 */
export function StyleButton({
  model,
  style,
  onChange,
}: {
  model: { id: string; name: string };
  style: ChosenStyle | null;
  onChange: (style: ChosenStyle | null) => void;
}) {
  const { t } = useTranslation('app');
  const [open, setOpen] = useState(false);
  const language = currentLanguage();
  return (
    <div className="flex min-w-0 items-center gap-1">
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void StylePicker.preload()}
        onFocus={() => void StylePicker.preload()}
        aria-haspopup="dialog"
        data-chosen-style={style?.id ?? ''}
        className="inline-flex min-h-10 min-w-0 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm text-fg hover:border-accent/60"
      >
        <Palette aria-hidden="true" className="size-4 shrink-0 text-accent-soft" />
        <span className="text-fg-muted">{t('studio.style.label')}</span>
        <span className="truncate font-medium">
          {style ? style.name[language] : t('studio.style.none')}
        </span>
      </button>
      {style ? (
        <button
          type="button"
          onClick={() => onChange(null)}
          aria-label={t('studio.style.remove', { name: style.name[language] })}
          title={t('studio.style.remove', { name: style.name[language] })}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <StylePicker
        open={open}
        onOpenChange={setOpen}
        model={model}
        selected={style?.id ?? null}
        onChoose={onChange}
      />
    </div>
  );
}
