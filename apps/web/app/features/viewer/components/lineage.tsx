import '~/locales/app-library-dialogs';
import type { GenerationRecord } from '@kadr/contract';
import { Image as ImageIcon, LoaderCircle } from 'lucide-react';
import { useGenerationRequest } from '~/features/generations/hooks';
import { useEdits } from '~/features/generations/library/hooks';
import { madeWith, uploadedSource } from '~/features/generations/lineage';
import { useTranslation } from '~/lib/use-translation';

const chip =
  'inline-flex max-w-full min-w-0 items-center gap-2 rounded-lg border border-white/15 bg-white/5 py-1 pr-3 pl-1 text-sm text-white/90 hover:bg-white/10';
const thumb = 'size-9 shrink-0 rounded-md bg-black/40 object-cover';

/**
 * A result's lineage in the viewer (ADR 038): what it was made from — the source result, which
 * opens in the viewer, or the person's own picture — and what was made from it ("Edits of this"),
 * each opening in the viewer, so edits of edits are walked link by link.
 */
export function Lineage({
  record,
  onVisit,
}: {
  record: GenerationRecord;
  /** Shows another result (the source or an edit) in the viewer. */
  onVisit: (id: string) => void;
}) {
  const { t } = useTranslation('app');
  const upload = uploadedSource(record);
  const finishedImage = record.type === 'image' && record.status === 'completed';
  const edits = useEdits(record.id, finishedImage);
  const items = edits.data ?? [];
  if (record.source_id === null && upload === undefined && items.length === 0) return null;
  return (
    <section
      aria-label={t('viewerDialog.lineage.label')}
      data-lineage
      className="flex min-w-0 flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6"
    >
      {record.source_id !== null ? (
        <div className="flex min-w-0 items-center gap-2" data-made-from>
          <span className="shrink-0 text-white/60">{t('viewerDialog.lineage.madeFrom')}</span>
          <SourceChip id={record.source_id} onVisit={onVisit} />
        </div>
      ) : upload !== undefined ? (
        <div className="flex min-w-0 items-center gap-2" data-made-from>
          <span className="shrink-0 text-white/60">{t('viewerDialog.lineage.madeFrom')}</span>
          <a href={upload} target="_blank" rel="noopener" className={chip}>
            <img src={upload} alt="" className={thumb} />
            <span className="truncate">{t('viewerDialog.lineage.yourPicture')}</span>
          </a>
        </div>
      ) : null}
      {items.length > 0 ? (
        <div className="flex min-w-0 items-center gap-2" data-edits>
          <h3 className="shrink-0 text-white/60">{t('viewerDialog.lineage.edits')}</h3>
          <ul className="flex min-w-0 gap-2 overflow-x-auto py-0.5">
            {items.map((edit) => (
              <li key={edit.id} className="shrink-0">
                <RecordChip record={edit} onVisit={onVisit} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SourceChip({ id, onVisit }: { id: string; onVisit: (id: string) => void }) {
  const { t } = useTranslation('app');
  const { data, isError } = useGenerationRequest(id);
  if (data) return <RecordChip record={data} onVisit={onVisit} />;
  return (
    <span className={chip}>
      <span className={`${thumb} inline-flex items-center justify-center`}>
        {isError ? (
          <ImageIcon aria-hidden="true" className="size-4 text-white/60" />
        ) : (
          <LoaderCircle
            aria-hidden="true"
            className="size-4 text-white/60 motion-safe:animate-spin"
          />
        )}
      </span>
      <span className="truncate text-white/60">
        {isError ? t('viewerDialog.lineage.failed') : t('viewerDialog.lineage.loading')}
      </span>
    </span>
  );
}

/** A related result: its thumbnail and what made it (a tool's title or a model's name). */
function RecordChip({
  record,
  onVisit,
}: {
  record: GenerationRecord;
  onVisit: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('app');
  const name = madeWith(record, i18n.language);
  const file = record.expand.output_files[0];
  const picture = file?.thumbnail ?? (file?.mime.startsWith('image/') ? file.url : undefined);
  return (
    <button
      type="button"
      onClick={() => onVisit(record.id)}
      aria-label={t('viewerDialog.lineage.open', { name })}
      data-related={record.id}
      className={chip}
    >
      {picture ? (
        <img src={picture} alt="" className={thumb} />
      ) : (
        <span className={`${thumb} inline-flex items-center justify-center`}>
          <LoaderCircle
            aria-hidden="true"
            className="size-4 text-white/60 motion-safe:animate-spin"
          />
        </span>
      )}
      <span className="truncate">{name}</span>
    </button>
  );
}
