import '~/locales/app-montage';
import { videoJoin } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { paths } from '@kadr/contract';
import { useMutation } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  Clapperboard,
  Download,
  Plus,
  Trash2,
} from 'lucide-react';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { getGeneration } from '~/features/generations/api';
import { FailureNote } from '~/features/generations/components/failure-note';
import { StatusBadge } from '~/features/generations/components/status-badge';
import { useGenerationRequest, useHistoryPage } from '~/features/generations/hooks';
import { ApiError } from '~/lib/api';
import { formatNumber } from '~/lib/format';
import { newIdempotencyKey } from '~/lib/ids';
import { useMediaQuery } from '~/lib/media-query';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { createJoin } from '../api';
import {
  crossfadeChoices,
  emptyStrip,
  joinBody,
  type StripClip,
  stripClipOf,
  stripDurationMs,
  stripProblem,
  stripReducer,
} from '../montage';

const CHOOSER_PAGE = 12;

/** Seconds as the language writes them, to a tenth: «4,5». */
function useSeconds() {
  const { i18n } = useTranslation('app');
  return (ms: number) => formatNumber(Math.round(ms / 100) / 10, i18n.language);
}

/**
 * The montage (ADR 047): the person's finished videos on a strip — in order, each trimmed at both
 * ends — joined with an optional cross-fade into one MP4, for free. `initial`: the clips the
 * address named (`?clips=`), put on the strip once read.
 */
export function MontageEditor({ initial }: { initial: readonly string[] }) {
  const { t, i18n } = useTranslation('app');
  const [strip, dispatch] = useReducer(stripReducer, emptyStrip);
  const [started, setStarted] = useState<string | null>(null);
  const seconds = useSeconds();
  const ids = useId();
  const key = useRef<string | null>(null);

  // The clips the address names, in its order (each read once; one that is not there is left out).
  const asked = initial.join();
  const { language } = i18n;
  const loaded = useRef('');
  useEffect(() => {
    // Once per address: a change of language does not put the clips on the strip again.
    if (asked === '' || loaded.current === asked) return;
    loaded.current = asked;
    void (async () => {
      for (const id of asked.split(',').slice(0, videoJoin.clips.max)) {
        const record = await getGeneration(id).catch(() => undefined);
        const clip = record ? stripClipOf(record, language) : undefined;
        if (clip) dispatch({ type: 'add', clip });
      }
    })();
  }, [asked, language]);

  const problem = stripProblem(strip);
  const total = stripDurationMs(strip);
  const join = useMutation({
    mutationFn: () => {
      key.current ??= newIdempotencyKey();
      return createJoin(joinBody(strip), key.current);
    },
    onSuccess: (response) => {
      key.current = null;
      setStarted(response.request_id);
    },
    onError: (error) => {
      // A refusal is said by the server in the person's language; a lost answer keeps the key.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        key.current = null;
      }
      toast.error(error instanceof ApiError && error.detail ? error.detail : t('montage.failed'));
    },
  });

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="min-w-0 space-y-6">
        <section aria-labelledby={`${ids}-strip`}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${ids}-strip`} className="text-lg font-semibold text-fg">
              {t('montage.strip')}
            </h2>
            <p className="text-sm text-fg-muted">
              {t('montage.count', { count: strip.clips.length, max: videoJoin.clips.max })}
            </p>
          </div>
          {strip.clips.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line p-6 text-sm text-fg-muted">
              {t('montage.empty', { min: videoJoin.clips.min, max: videoJoin.clips.max })}
            </p>
          ) : (
            <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-strip="">
              {strip.clips.map((clip, index) => (
                <StripItem
                  // The same clip may stand twice on the strip.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the position is the item's identity
                  key={`${clip.id}-${index}`}
                  clip={clip}
                  index={index}
                  last={index === strip.clips.length - 1}
                  onMove={(by) => dispatch({ type: 'move', index, by })}
                  onRemove={() => dispatch({ type: 'remove', index })}
                  onTrim={(trim) => dispatch({ type: 'trim', index, ...trim })}
                />
              ))}
            </ol>
          )}
        </section>

        <section
          aria-labelledby={`${ids}-join`}
          className="space-y-4 rounded-2xl border border-line bg-surface-raised/60 p-4"
        >
          <h2 id={`${ids}-join`} className="sr-only">
            {t('montage.joinTitle')}
          </h2>
          <div>
            <label htmlFor={`${ids}-fade`} className="mb-1.5 block text-sm font-medium text-fg">
              {t('montage.crossfade')}
            </label>
            <select
              id={`${ids}-fade`}
              value={strip.crossfadeMs}
              onChange={(event) =>
                dispatch({ type: 'crossfade', ms: Number(event.currentTarget.value) })
              }
              className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg sm:w-64"
            >
              {crossfadeChoices.map((ms) => (
                <option key={ms} value={ms}>
                  {ms === 0 ? t('montage.cut') : t('montage.fade', { seconds: seconds(ms) })}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-fg" data-total-ms={total}>
            {t('montage.total', { seconds: seconds(Math.max(0, total)) })} ·{' '}
            <span className="text-fg-muted">{t('montage.free')}</span>
          </p>
          {problem && strip.clips.length > 0 ? (
            <p className="text-sm text-amber-200" role="status">
              {t(`montage.problem.${problem}`, {
                // The clips it needs, or the minutes it may last: each said with its plural form.
                count:
                  problem === 'too_long' ? videoJoin.maxDurationMs / 60_000 : videoJoin.clips.min,
              })}
            </p>
          ) : null}
          <Button
            type="button"
            disabled={problem !== undefined || join.isPending}
            onClick={() => join.mutate()}
            className="w-full sm:w-auto"
          >
            <Clapperboard aria-hidden="true" />
            {join.isPending ? t('montage.starting') : t('montage.join')}
          </Button>
        </section>

        {started ? <JoinResult id={started} /> : null}
      </div>

      <ClipChooser
        full={strip.clips.length >= videoJoin.clips.max}
        onAdd={(clip) => dispatch({ type: 'add', clip })}
      />
    </div>
  );
}

function StripItem({
  clip,
  index,
  last,
  onMove,
  onRemove,
  onTrim,
}: {
  clip: StripClip;
  index: number;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onTrim: (trim: { startMs?: number; endMs?: number }) => void;
}) {
  const { t } = useTranslation('app');
  const seconds = useSeconds();
  // On a phone the strip is a column: earlier is up; beside each other, earlier is left.
  const wide = useMediaQuery('(min-width: 640px)');
  const [Earlier, Later] = wide ? [ArrowLeft, ArrowRight] : [ArrowUp, ArrowDown];
  const icon =
    'inline-flex size-9 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised/60"
      data-clip={clip.id}
      aria-label={t('montage.clip', { number: index + 1, caption: clip.caption })}
    >
      <div className="relative aspect-video overflow-hidden bg-black/40">
        {clip.poster ? (
          <img src={clip.poster} alt="" className="h-full w-full object-cover" />
        ) : null}
        <span className="absolute top-2 left-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
          {index + 1}
        </span>
      </div>
      <div className="space-y-3 p-3">
        <p className="truncate text-sm text-fg">{clip.caption}</p>
        <div className="grid grid-cols-2 gap-2">
          <TrimField
            label={t('montage.from')}
            ms={clip.startMs}
            min={0}
            max={clip.endMs - videoJoin.minClipMs}
            onChange={(startMs) => onTrim({ startMs })}
          />
          <TrimField
            label={t('montage.to')}
            ms={clip.endMs}
            min={clip.startMs + videoJoin.minClipMs}
            max={clip.durationMs}
            onChange={(endMs) => onTrim({ endMs })}
          />
        </div>
        <p className="text-xs text-fg-muted">
          {t('montage.kept', {
            kept: seconds(clip.endMs - clip.startMs),
            whole: seconds(clip.durationMs),
          })}
        </p>
        <div className="-mx-1 flex items-center gap-1">
          <button
            type="button"
            className={icon}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('montage.earlier')}
            title={t('montage.earlier')}
          >
            <Earlier aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={icon}
            disabled={last}
            onClick={() => onMove(1)}
            aria-label={t('montage.later')}
            title={t('montage.later')}
          >
            <Later aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className={`${icon} ml-auto`}
            onClick={onRemove}
            aria-label={t('montage.remove')}
            title={t('montage.remove')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** One end of a clip's kept part, in seconds to a tenth (the strip keeps it in milliseconds). */
function TrimField({
  label,
  ms,
  min,
  max,
  onChange,
}: {
  label: string;
  ms: number;
  min: number;
  max: number;
  onChange: (ms: number) => void;
}) {
  const id = useId();
  return (
    <label className="text-xs text-fg-muted" htmlFor={id}>
      {label}
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min / 1000}
        max={max / 1000}
        step={0.1}
        value={ms / 1000}
        onChange={(event) =>
          onChange(Math.round(Number(event.currentTarget.value.replace(',', '.')) * 1000))
        }
        className="mt-1 h-10 w-full rounded-lg border border-line bg-surface px-2 text-sm text-fg tabular-nums"
      />
    </label>
  );
}

/** The person's finished videos, a page at a time, each added to the strip with one press. */
function ClipChooser({ full, onAdd }: { full: boolean; onAdd: (clip: StripClip) => void }) {
  const { t, i18n } = useTranslation('app');
  const seconds = useSeconds();
  const ids = useId();
  const [page, setPage] = useState(1);
  const history = useHistoryPage({ type: 'video', page, perPage: CHOOSER_PAGE });
  const clips = (history.data?.items ?? [])
    .map((record: GenerationRecord) => stripClipOf(record, i18n.language))
    .filter((clip): clip is StripClip => clip !== undefined);
  const pages = history.data?.totalPages ?? 1;
  return (
    <section aria-labelledby={`${ids}-yours`} className="min-w-0">
      <h2 id={`${ids}-yours`} className="mb-3 text-lg font-semibold text-fg">
        {t('montage.yours')}
      </h2>
      {history.isPending ? (
        <p className="text-sm text-fg-muted">{t('montage.loading')}</p>
      ) : clips.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-sm text-fg-muted">
          {t('montage.none')}{' '}
          <Link to={paths.studio} className="text-accent-soft underline underline-offset-4">
            {t('montage.makeOne')}
          </Link>
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-2" data-chooser="">
          {clips.map((clip) => (
            <li key={clip.id} className="min-w-0">
              <button
                type="button"
                disabled={full}
                onClick={() => onAdd(clip)}
                data-add={clip.id}
                className="group relative block w-full overflow-hidden rounded-xl border border-line text-left disabled:opacity-50"
              >
                <span className="sr-only">{t('montage.add', { caption: clip.caption })}</span>
                <span className="block aspect-video overflow-hidden bg-black/40">
                  {clip.poster ? (
                    <img src={clip.poster} alt="" className="h-full w-full object-cover" />
                  ) : null}
                </span>
                <span className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 text-xs text-white tabular-nums">
                  {t('montage.seconds', { seconds: seconds(clip.durationMs) })}
                </span>
                <span className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-full bg-accent text-white opacity-90 group-hover:opacity-100">
                  <Plus aria-hidden="true" className="size-4" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="mt-3 flex items-center justify-between gap-2 text-sm">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((n) => n - 1)}
          >
            {t('montage.newer')}
          </Button>
          <span className="text-fg-muted tabular-nums">
            {page} / {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((n) => n + 1)}
          >
            {t('montage.older')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** The join as it goes: its status, then the video with its download, or why it failed. */
function JoinResult({ id }: { id: string }) {
  const { t } = useTranslation('app');
  const seconds = useSeconds();
  const { data: record } = useGenerationRequest(id);
  const file = record?.expand.output_files[0];
  return (
    <section
      aria-label={t('montage.result')}
      aria-live="polite"
      data-join={id}
      data-status={record?.status ?? 'pending'}
      className="space-y-3 rounded-2xl border border-line bg-surface-raised/60 p-4"
    >
      <div className="flex items-center gap-2">
        <h2 className="text-lg font-semibold text-fg">{t('montage.result')}</h2>
        {record ? <StatusBadge status={record.status} /> : null}
      </div>
      {record?.status === 'completed' && file ? (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: a made video has no captions to give */}
          <video
            src={file.url}
            poster={file.thumbnail ?? undefined}
            controls
            playsInline
            className="aspect-video w-full rounded-xl bg-black"
          />
          <p className="text-sm text-fg-muted">
            {t('montage.made', { seconds: seconds(file.duration_ms ?? 0) })}
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              href={file.download_url}
              download
              className={buttonClasses({ variant: 'primary', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              {t('montage.download')}
            </a>
            <Link
              to={paths.history}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {t('montage.inHistory')}
            </Link>
          </div>
        </>
      ) : record?.status === 'failed' ? (
        <FailureNote record={record} alert />
      ) : (
        <p className="text-sm text-fg-muted">{t('montage.working')}</p>
      )}
    </section>
  );
}
