import '~/locales/app';
import '~/locales/app-cards';
import {
  acceptedImageTypes,
  cardScenes,
  isAcceptedImageType,
  marketplacePresets,
} from '@kadr/catalog';
import type { Batch, CardCsvBody, CardCsvQuote } from '@kadr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, FileSpreadsheet, ImagePlus, LoaderCircle, Table } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { ClientError } from '~/features/generations/api';
import { queryKeys } from '~/features/generations/query-keys';
import { followBatch, uploadImage } from '~/features/generations/run/run-api';
import { useSubmission } from '~/features/generations/run/submission';
import { RunButton, runState } from '~/features/generations/tools/components/run-button';
import { currentLanguage } from '~/lib/i18n';
import { useCurrentUser } from '~/lib/session';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { quoteCardCsv, startCardCsv } from '../api';
import { type CsvEncoding, readCsvFile } from '../csv-file';
import { problemText } from '../problems';

const followMs = 2000;

/** A refusal's lines as the server words them (in the person's language), or our own sentence. */
function refusalLines(failure: unknown, fallback: string): string[] {
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  const lines = problem?.fieldErrors.map((error) => error.message) ?? [];
  return lines.length > 0 ? lines : [fallback];
}

/**
 * Many products at once: a CSV (name, bullets, photo) and the photos it names. The photos are
 * uploaded, the server prices each product's cut-out and says ONE total, and one press starts the
 * batch that cuts them all out (charged once, whatever happens to the connection); each product
 * becomes a set in the list, filled in as its cut-out completes.
 */
export function CsvPanel() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const ids = useId();
  const client = useQueryClient();
  const user = useCurrentUser();
  const language = currentLanguage();
  const [csv, setCsv] = useState<{ name: string; text: string; encoding: CsvEncoding } | null>(
    null,
  );
  const [photos, setPhotos] = useState<File[]>([]);
  const [uploaded, setUploaded] = useState<ReadonlyMap<File, string>>(new Map());
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [preset, setPreset] = useState(marketplacePresets[0]?.id ?? '');
  const [quote, setQuote] = useState<{ body: CardCsvBody; quote: CardCsvQuote } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [batchId, setBatchId] = useState<string | null>(null);
  const submission = useSubmission(0);
  // A new set starts on the studio-white backdrop, as one from a single photo does.
  const backdrop = cardScenes.find((scene) => scene.drawn)?.id ?? '';

  const reset = () => {
    setQuote(null);
    setErrors([]);
  };

  /** Uploads what is not uploaded yet; the CSV's names map to their addresses. */
  const uploadPhotos = async (): Promise<Record<string, string>> => {
    const known = new Map(uploaded);
    const missing = photos.filter((file) => !known.has(file));
    setProgress({ done: 0, of: missing.length });
    for (const [at, file] of missing.entries()) {
      const result = await uploadImage(file);
      known.set(file, result.url);
      setProgress({ done: at + 1, of: missing.length });
    }
    setUploaded(known);
    setProgress(null);
    return Object.fromEntries(photos.map((file) => [file.name, known.get(file) ?? '']));
  };

  const price = useMutation({
    mutationFn: async () => {
      if (!csv) throw new Error('No CSV chosen');
      const body: CardCsvBody = { preset, backdrop, csv: csv.text, photos: await uploadPhotos() };
      return { body, quote: await quoteCardCsv(body) };
    },
    onSuccess: (result) => {
      setErrors([]);
      setQuote(result);
    },
    onError: (failure) => {
      console.warn(failure.message);
      setProgress(null);
      setQuote(null);
      setErrors(refusalLines(failure, problemText(failure, t, tCommon)));
    },
  });

  const start = useMutation({
    mutationFn: (input: { body: CardCsvBody; key: string }) => startCardCsv(input.body, input.key),
  });

  const run = () => {
    if (!quote) return;
    const key = submission.begin(JSON.stringify(quote.body));
    if (key === undefined) return;
    start.mutate(
      { body: quote.body, key },
      {
        onSettled: (result) => submission.end(result !== undefined),
        onSuccess: (result) => {
          client.setQueryData(queryKeys.batch(result.batch.id), result.batch);
          void client.invalidateQueries({ queryKey: queryKeys.cards.list });
          setBatchId(result.batch.id);
          setQuote(null);
          toast.success(t('cards.csv.started', { count: result.items.length }));
        },
        onError: (failure) => {
          console.warn(failure.message);
          setErrors(refusalLines(failure, problemText(failure, t, tCommon)));
        },
      },
    );
  };

  const state = runState({
    cost: quote?.quote.total ?? null,
    balance: user.tokens,
    blocked: null,
    preparing: false,
    starting: start.isPending,
  });

  return (
    <details className="group rounded-2xl border border-line bg-surface-raised/40" data-csv="">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl p-4 focus-visible:outline-2 focus-visible:outline-accent-soft sm:p-5 [&::-webkit-details-marker]:hidden">
        <FileSpreadsheet aria-hidden="true" className="size-5 shrink-0 text-accent-soft" />
        <span className="min-w-0 flex-1">
          <span className="block text-base font-semibold text-fg">{t('cards.csv.heading')}</span>
          <span className="block text-sm text-fg-muted">{t('cards.csv.summary')}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-fg-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="space-y-5 border-t border-line p-4 sm:p-5">
        <div className="space-y-2 text-sm text-fg-muted">
          <p>{t('cards.csv.format')}</p>
          <pre className="overflow-x-auto rounded-xl border border-line bg-surface p-3 text-xs text-fg">
            {t('cards.csv.example')}
          </pre>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <label className="flex cursor-pointer items-center gap-2 rounded-xl border border-dashed border-line px-3 py-3 text-sm text-fg hover:bg-surface has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft">
            <Table aria-hidden="true" className="size-4 shrink-0 text-accent-soft" />
            <span className="min-w-0 truncate">{csv ? csv.name : t('cards.csv.pickCsv')}</span>
            <input
              type="file"
              accept=".csv,text/csv"
              data-csv-file=""
              className="sr-only"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (!file) return;
                reset();
                setCsv(null);
                void readCsvFile(file).then((read) => {
                  if (read.outcome === 'read') {
                    setCsv({ name: file.name, text: read.text, encoding: read.encoding });
                  } else {
                    setErrors([
                      t(read.outcome === 'workbook' ? 'cards.csv.workbook' : 'cards.csv.notText'),
                    ]);
                  }
                });
              }}
            />
          </label>
          <label className="flex cursor-pointer items-center gap-2 rounded-xl border border-dashed border-line px-3 py-3 text-sm text-fg hover:bg-surface has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft">
            <ImagePlus aria-hidden="true" className="size-4 shrink-0 text-accent-soft" />
            <span className="min-w-0 truncate">
              {photos.length > 0
                ? t('cards.csv.photos', { count: photos.length })
                : t('cards.csv.pickPhotos')}
            </span>
            <input
              type="file"
              multiple
              accept={acceptedImageTypes.join(',')}
              data-csv-photos=""
              className="sr-only"
              onChange={(event) => {
                const files = [...(event.currentTarget.files ?? [])];
                event.currentTarget.value = '';
                const pictures = files.filter((file) => isAcceptedImageType(file.type));
                if (pictures.length < files.length) toast.error(t('cards.csv.notPictures'));
                reset();
                setPhotos(pictures);
              }}
            />
          </label>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 sm:w-56">
            <label htmlFor={`${ids}-preset`} className="mb-1.5 block text-sm font-medium text-fg">
              {t('cards.preset.legend')}
            </label>
            <select
              id={`${ids}-preset`}
              value={preset}
              onChange={(event) => {
                reset();
                setPreset(event.currentTarget.value);
              }}
              className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg"
            >
              {marketplacePresets.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name[language]}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            disabled={!csv || photos.length === 0 || price.isPending}
            aria-busy={price.isPending ? true : undefined}
            onClick={() => price.mutate()}
          >
            {price.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            {progress
              ? t('cards.csv.uploading', { done: progress.done, count: progress.of })
              : t('cards.csv.quote')}
          </Button>
        </div>
        {csv && csv.encoding !== 'utf-8' ? (
          <p className="text-sm text-fg-muted" data-csv-encoding={csv.encoding}>
            {t('cards.csv.otherEncoding', {
              encoding: csv.encoding === 'utf-16' ? 'UTF-16' : 'Windows-1251',
            })}
          </p>
        ) : null}
        {errors.length > 0 ? (
          <ul
            role="alert"
            className="space-y-1 rounded-xl border border-red-400/30 bg-red-400/10 p-3 text-sm text-red-200"
          >
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {quote ? (
          <div className="space-y-3" data-csv-quote="">
            <div className="overflow-x-auto rounded-xl border border-line">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('cards.csv.tableCaption')}</caption>
                <thead className="bg-surface text-xs text-fg-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('cards.csv.line')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('cards.csv.product')}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t('cards.csv.photo')}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t('cards.csv.cost')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {quote.quote.rows.map((row) => (
                    <tr key={row.line} className="border-t border-line">
                      <td className="px-3 py-2 text-fg-muted tabular-nums">{row.line}</td>
                      <td className="px-3 py-2 text-fg">{row.name}</td>
                      <td className="max-w-40 truncate px-3 py-2 text-fg-muted">{row.photo}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap text-fg tabular-nums">
                        {t('generation.cost', { count: row.cost })}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t border-line bg-surface">
                    <th scope="row" colSpan={3} className="px-3 py-2 text-left font-medium text-fg">
                      {t('cards.csv.total')}
                    </th>
                    <td
                      className="px-3 py-2 text-right font-semibold whitespace-nowrap text-fg tabular-nums"
                      data-csv-total={quote.quote.total}
                    >
                      {t('generation.cost', { count: quote.quote.total })}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (state.kind === 'ready') run();
              }}
            >
              <RunButton
                title={t('cards.csv.start', { count: quote.quote.rows.length })}
                state={state}
                size="md"
              />
            </form>
          </div>
        ) : null}
        {batchId ? <CsvProgress id={batchId} /> : null}
      </div>
    </details>
  );
}

/**
 * The batch cutting a CSV's products out: followed while items wait, so that each starts as soon
 * as the running cap allows (the server also does it every minute for a closed page).
 */
function CsvProgress({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const batch = useQuery({
    queryKey: queryKeys.batch(id),
    queryFn: ({ signal }) => {
      const current = client.getQueryData<Batch>(queryKeys.batch(id));
      const waiting = current ? current.items.some((item) => item.state === 'waiting') : false;
      return followBatch(id, waiting, signal);
    },
    refetchInterval: (query) => {
      const waiting = query.state.data?.items.some((item) => item.state === 'waiting');
      return waiting ? followMs : false;
    },
  });
  const items = batch.data?.items ?? [];
  const started = items.filter((item) => item.state === 'started').length;
  // A product whose cut-out starts shows it in the list (its set reads the batch item's generation).
  useEffect(() => {
    if (started > 0) void client.invalidateQueries({ queryKey: queryKeys.cards.list });
  }, [started, client]);
  return (
    <p className="text-sm text-fg-muted" aria-live="polite" data-csv-batch={id}>
      {t('cards.csv.progress', { done: started, count: items.length })}
    </p>
  );
}
