import '~/locales/app-library-dialogs';
import { type GenerationRecord, paths } from '@kadr/contract';
import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '~/lib/use-translation';

/**
 * The library elements a result was made with (issue #47), as they were named then: the record
 * keeps their names, so a renamed or deleted element still reads as it was used. Each leads to
 * the library.
 */
export function UsedElements({ record }: { record: GenerationRecord }) {
  const { t } = useTranslation('app');
  const used = record.jsondata.elements ?? [];
  if (used.length === 0) return null;
  return (
    <section
      aria-label={t('viewerDialog.elements.label')}
      data-used-elements
      className="flex min-w-0 flex-wrap items-center gap-2 text-sm"
    >
      <span className="shrink-0 text-white/60">{t('viewerDialog.elements.label')}</span>
      {used.map((element) => (
        <Link
          key={element.id}
          to={paths.elements}
          data-used-element={element.id}
          className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-lg border border-white/15 bg-white/5 px-2 py-1 text-white/90 hover:bg-white/10"
        >
          <UserRound aria-hidden="true" className="size-4 shrink-0 text-white/60" />
          <span className="truncate">{element.name}</span>
          <span className="sr-only">, {t(`viewerDialog.elements.kind.${element.kind}`)}</span>
        </Link>
      ))}
    </section>
  );
}
