import type { GenerationList, GenerationRecord } from '@kadr/contract';
import { useEffect, useState } from 'react';
import type { HistoryFilter } from '../generations/api';

/** The results the viewer can show: finished ones with a file. */
function viewableOf(items: readonly GenerationRecord[]): GenerationRecord[] {
  return items.filter(
    (record) => record.status === 'completed' && record.expand.output_files.length > 0,
  );
}

/** A page the viewer asked for, and which end of it to land on. */
type Walk = { page: number; edge: 'first' | 'last' };

/**
 * The viewer over the whole filtered history, not only the page on screen (issue 33: with 20
 * results it stopped at "12 of 12"): past either end of the page it moves the history to the next
 * or previous page — the grid behind follows, so closing the viewer leaves the person where they
 * got to — and lands on that page's first or last result once it has come. Positions count the
 * whole filtered history ("13 of 20"); a failed generation keeps its place but is stepped over.
 */
export function useHistoryViewer({
  data,
  isPlaceholderData,
  filter,
  go,
}: {
  data: GenerationList | undefined;
  isPlaceholderData: boolean;
  filter: HistoryFilter;
  go: (next: HistoryFilter, options?: { replace?: boolean }) => void;
}) {
  const viewable = viewableOf(data?.items ?? []);
  // By id, so a live update or another page never points it at a different result.
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [walk, setWalk] = useState<Walk | null>(null);
  // A related result shown over the one opened (a card's "made from" opens its source).
  const [visit, setVisit] = useState<string | null>(null);

  const arrived =
    walk !== null && data !== undefined && !isPlaceholderData && data.page === walk.page;
  const landing = arrived ? (walk.edge === 'first' ? viewable[0] : viewable.at(-1)) : undefined;
  // While the next page comes the viewer keeps the result it shows; once it has come, the landing
  // result shows in the same render (no frame without a result, which would close the dialog).
  const shownId = landing?.id ?? viewingId;
  const index = viewable.findIndex((record) => record.id === shownId);

  const step = (page: number, edge: Walk['edge']) => {
    setVisit(null);
    setWalk({ page, edge });
    // Replacing: stepping through results is not a trail of pages for Back to retrace.
    go({ ...filter, page }, { replace: true });
  };

  useEffect(() => {
    if (!arrived || !data) return;
    if (landing) {
      setViewingId(landing.id);
      setWalk(null);
    } else if (walk.edge === 'first' && data.page < data.totalPages) {
      // A page with no result to show (all failed): walk on.
      step(data.page + 1, 'first');
    } else if (walk.edge === 'last' && data.page > 1) {
      step(data.page - 1, 'last');
    } else {
      setWalk(null);
    }
  });

  const page = data?.page ?? 1;
  const totalPages = data?.totalPages ?? 1;
  return {
    viewable,
    /** Opens a result; with `related`, that result of its lineage over it (Back returns). */
    open: (id: string, related?: string) => {
      setWalk(null);
      setViewingId(id);
      setVisit(related ?? null);
    },
    viewer: {
      items: viewable,
      index: index >= 0 ? index : null,
      visit,
      onIndexChange: (at: number) => {
        setVisit(null);
        setViewingId(viewable[at]?.id ?? null);
      },
      onClose: () => {
        setWalk(null);
        setVisit(null);
        setViewingId(null);
      },
      position: (at: number) => {
        const record = viewable[at];
        const onPage = record && data ? data.items.indexOf(record) : -1;
        return {
          at: (page - 1) * (data?.perPage ?? filter.perPage) + onPage + 1,
          total: data?.totalItems ?? viewable.length,
        };
      },
      beyond: {
        previous: page > 1 ? () => step(page - 1, 'last') : undefined,
        next: page < totalPages ? () => step(page + 1, 'first') : undefined,
      },
    },
  };
}
