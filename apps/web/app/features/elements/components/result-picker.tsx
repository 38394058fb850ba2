import '~/locales/app-elements-editor';
import type { GenerationRecord } from '@kadr/contract';
import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useHistoryPage } from '~/features/generations/hooks';
import { useTranslation } from '~/lib/use-translation';

const perPage = 12;

/** A finished image result as a picture to take: its address, and the preview it shows. */
export type PickedResult = { id: string; url: string; preview: string };

function pictureOf(record: GenerationRecord): PickedResult | undefined {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('image/'));
  return file ? { id: record.id, url: file.url, preview: file.thumbnail ?? file.url } : undefined;
}

/**
 * The person's own image results, a page at a time, each a toggle: pressed while it is among the
 * pictures being gathered. `full`: no more fit, so only the chosen ones can be pressed (off).
 */
export function ResultPicker({
  chosen,
  full,
  onToggle,
}: {
  chosen: ReadonlySet<string>;
  full: boolean;
  onToggle: (result: PickedResult) => void;
}) {
  const { t } = useTranslation('app');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useHistoryPage({ type: 'image', page, perPage });
  const results = (history.data?.items ?? []).flatMap((record) => {
    const picture = pictureOf(record);
    return picture ? [{ record, picture }] : [];
  });
  const totalPages = history.data?.totalPages ?? 1;
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-result-picker="">
      <h4 id={headingId} className="text-sm font-medium text-fg">
        {t('elementsEditor.pictures.resultsTitle')}
      </h4>
      {history.isError ? (
        <p className="text-sm text-red-300">{t('elementsEditor.pictures.resultsFailed')}</p>
      ) : history.isSuccess && results.length === 0 && page === 1 ? (
        <p className="text-sm text-fg-muted">{t('elementsEditor.pictures.resultsEmpty')}</p>
      ) : (
        <ul
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          aria-busy={history.isPending || history.isPlaceholderData ? true : undefined}
        >
          {results.map(({ record, picture }) => {
            const pressed = chosen.has(record.id);
            return (
              <li key={record.id}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  disabled={full && !pressed}
                  data-result={record.id}
                  onClick={() => onToggle(picture)}
                  className="relative block aspect-square w-full overflow-hidden rounded-lg border border-line bg-surface hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-40 aria-pressed:border-accent-soft aria-pressed:ring-2 aria-pressed:ring-accent-soft"
                >
                  <img
                    src={picture.preview}
                    alt={t('elementsEditor.pictures.resultAlt', {
                      prompt: record.jsondata.prompt || record.model,
                    })}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                  {pressed ? (
                    <span className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-full bg-accent text-white">
                      <Check aria-hidden="true" className="size-4" />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {totalPages > 1 ? (
        <div className="flex justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            {t('elementsEditor.pictures.resultsNewer')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => setPage((current) => current + 1)}
          >
            {t('elementsEditor.pictures.resultsOlder')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
