import '~/locales/app-tools';
import { listTools, type PriceRule } from '@kadr/catalog';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { currentLanguage } from '~/lib/i18n';
import { useTranslation } from '~/lib/use-translation';

/** A tool's price as the catalogue states it, before a picture is chosen. */
function priceText(rule: PriceRule, t: TFunction<'app'>): string {
  switch (rule.kind) {
    case 'per-megapixel':
      return t('tools.pick.perMegapixel', { rate: rule.tokensPerMegapixel, min: rule.minimum });
    case 'per-output':
    case 'flat':
      return t('tools.pick.price', { count: rule.tokens });
    default:
      return '';
  }
}

/** The five tools as cards: a radio group, so arrows move between them. */
export function ToolPicker({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  const chosen = listTools().find((tool) => tool.id === selected);
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-fg">{t('tools.pick.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 xl:grid-cols-5">
        {listTools().map((tool) => {
          const checked = tool.id === selected;
          return (
            <label
              key={tool.id}
              data-tool={tool.id}
              className={clsx(
                'flex cursor-pointer flex-col gap-1 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft',
                checked
                  ? 'border-accent-soft bg-accent/15'
                  : 'border-line bg-surface hover:bg-surface-raised',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="tool"
                  value={tool.id}
                  checked={checked}
                  onChange={() => onSelect(tool.id)}
                  className="size-4 shrink-0 accent-accent"
                />
                <span className="text-sm font-medium text-fg">{tool.tool.title[language]}</span>
              </span>
              <span className="hidden text-xs text-fg-muted sm:block">
                {tool.description[language]}
              </span>
              <span className="mt-auto pt-1 text-xs font-medium text-accent-soft">
                {priceText(tool.price, t)}
              </span>
            </label>
          );
        })}
      </div>
      {/* On a phone the cards are short: the chosen tool's description shows below them. */}
      {chosen ? (
        <p className="mt-2 text-xs text-fg-muted sm:hidden">{chosen.description[language]}</p>
      ) : null}
    </fieldset>
  );
}
