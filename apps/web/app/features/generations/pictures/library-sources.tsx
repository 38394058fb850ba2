import '~/locales/app-tools';
import type { ElementKind } from '@kadr/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { listElements } from '~/features/generations/elements/api';
import { queryKeys } from '~/features/generations/query-keys';
import { useTranslation } from '~/lib/use-translation';
import type { ToolSource } from '../tools/tool-run';

/**
 * The person's library as a source of pictures (issue #47): each element's pictures, its cover
 * first, to pick one as a tool's picture or a card set's product photo. Folded until opened, and
 * read only then. `kinds` narrows it (the card workshop takes products).
 */
export function LibrarySources({
  onPick,
  kinds,
  disabled = false,
}: {
  onPick: (source: ToolSource, name: string) => void;
  kinds?: readonly ElementKind[];
  disabled?: boolean;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const [open, setOpen] = useState(false);
  const library = useQuery({
    queryKey: queryKeys.elements.list(false),
    queryFn: ({ signal }) => listElements(false, signal),
    enabled: open,
    refetchOnMount: 'always',
  });
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const elements = (library.data ?? []).filter(
    (element) => kinds === undefined || kinds.includes(element.kind),
  );
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} className="text-sm font-medium text-fg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${ids}-list`}
          onClick={() => setOpen((was) => !was)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg text-left hover:text-accent-soft"
        >
          {kinds?.length === 1 && kinds[0] === 'product'
            ? t('tools.picture.libraryProducts')
            : t('tools.picture.library')}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={`${ids}-list`} hidden={!open}>
        {library.isPending && open ? (
          <p className="text-sm text-fg-muted">{t('tools.picture.libraryLoading')}</p>
        ) : library.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {t('tools.picture.libraryFailed')}
          </p>
        ) : library.isSuccess && elements.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('tools.picture.libraryEmpty')}</p>
        ) : (
          <ul className="space-y-3">
            {elements.map((element) => (
              <li key={element.id} data-library-element={element.id}>
                <p className="mb-1 truncate text-xs text-fg-muted">{element.name}</p>
                <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
                  {element.pictures.map((picture, index) => (
                    <li key={picture.id}>
                      <button
                        type="button"
                        disabled={disabled}
                        data-library-picture={picture.id}
                        onClick={() =>
                          onPick(
                            {
                              url: `${origin}${picture.url}`,
                              width: picture.width,
                              height: picture.height,
                              generationId: null,
                            },
                            element.name,
                          )
                        }
                        className="block aspect-square w-full overflow-hidden rounded-lg border border-line bg-surface hover:border-accent-soft focus-visible:outline-2 focus-visible:outline-accent-soft disabled:opacity-50"
                      >
                        <img
                          src={picture.url}
                          alt={t('tools.picture.libraryAlt', {
                            name: element.name,
                            number: index + 1,
                          })}
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
