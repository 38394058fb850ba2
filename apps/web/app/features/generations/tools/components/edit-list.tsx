import type { GenerationRecord, OutputFile } from '@kadr/contract';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';
import { editHref } from '../../lineage';
import { editChoices } from '../edit-choices';

export type EditListProps = {
  record: GenerationRecord;
  /** The result's picture, whose size prices the tools. */
  image: Pick<OutputFile, 'width' | 'height'>;
  open: boolean;
};

/** The Edit menu's content: each tool with its price on this picture, then all the tools. */
export function EditList({ record, image }: EditListProps) {
  const { t, i18n } = useTranslation('app');
  const choices = editChoices(image, i18n.language);
  return (
    <>
      <p className="px-3 pt-2 pb-1 text-xs text-fg-muted">{t('edit.menuTitle')}</p>
      <ul aria-label={t('edit.menuTitle')}>
        {choices.map((choice) => (
          <li key={choice.id}>
            <Link
              to={editHref(record.id, choice.id)}
              data-tool={choice.id}
              className="flex items-baseline justify-between gap-3 rounded-lg px-3 py-2 text-sm hover:bg-line focus-visible:bg-line"
            >
              <span className="font-medium">{choice.title}</span>
              {choice.tokens === null ? null : (
                <span className="shrink-0 text-xs text-fg-muted tabular-nums">
                  {choice.fromPrice
                    ? t('edit.priceFrom', { count: choice.tokens })
                    : t('generation.cost', { count: choice.tokens })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={editHref(record.id)}
        className="mt-1 block rounded-lg border-t border-line px-3 py-2 text-sm text-accent-soft hover:bg-line focus-visible:bg-line"
      >
        {t('edit.allTools')}
      </Link>
    </>
  );
}
