import '~/locales/app-cards';
import { getMarketplacePreset } from '@kadr/catalog';
import type { CardCheck, CardIssue, CardSetBody } from '@kadr/contract';
import {
  CircleAlert,
  CircleCheck,
  Download,
  ExternalLink,
  LoaderCircle,
  TriangleAlert,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { ClientError } from '~/features/generations/api';
import { currentLanguage } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { downloadCardZip } from '../api';
import { bySeverity, issuePlace, issueText } from '../issues';
import { problemText } from '../problems';

/** Hands a file to the browser as a download. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The set's check against its marketplace — every issue on its slide and field, with the rule's
 * title, what to change and where the rule was read — and the export: one zip named for the
 * marketplace, offered once the check is clean. An export the server refuses (422) shows the list.
 */
export function CheckPanel({
  setId,
  draft,
  check,
  checking,
  settled,
  onShow,
  onSave,
  onRefused,
}: {
  setId: string;
  draft: CardSetBody;
  check: CardCheck | undefined;
  /** A newer check is on its way. */
  checking: boolean;
  /** Everything typed is saved (the check is of what is on screen). */
  settled: boolean;
  /** Leads to an issue's slide and field. */
  onShow: (slide: number | null, field: string | null) => void;
  /** Saves whatever is still waiting. */
  onSave: () => Promise<void>;
  onRefused: () => void;
}) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const language = currentLanguage();
  const [downloading, setDownloading] = useState(false);
  const preset = getMarketplacePreset(draft.preset);
  const marketplace = preset?.name[language] ?? draft.preset;
  const { refusals, warnings } = bySeverity(check?.issues ?? []);
  const clean = check?.ok === true && check.preset === draft.preset;
  const ready = clean && settled && !checking;

  const download = async () => {
    setDownloading(true);
    try {
      await onSave();
      const file = await downloadCardZip(setId);
      saveFile(file.blob, file.name);
      toast.success(t('cards.export.done', { name: file.name }));
    } catch (failure) {
      console.warn(failure instanceof Error ? failure.message : failure);
      if (failure instanceof ClientError && failure.status === 422) {
        onRefused();
        toast.error(t('cards.export.refused'));
      } else {
        toast.error(t('cards.export.failed'), { description: problemText(failure, t, tCommon) });
      }
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div
      className="space-y-4"
      data-check={check ? (clean ? 'ok' : 'issues') : 'pending'}
      data-checking={checking ? '' : undefined}
    >
      <div aria-live="polite">
        {!check ? (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
            {t('cards.check.checking')}
          </p>
        ) : clean ? (
          <p className="flex items-start gap-2 rounded-xl border border-green-400/30 bg-green-400/10 p-3 text-sm text-green-200">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('cards.check.clean', { marketplace })}
          </p>
        ) : (
          <p className="flex items-start gap-2 text-sm font-medium text-red-200">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-300" />
            {t('cards.check.found', { count: refusals.length })}
          </p>
        )}
      </div>
      {refusals.length > 0 ? (
        <IssueList issues={refusals} label={t('cards.check.listLabel')} onShow={onShow} />
      ) : null}
      {warnings.length > 0 ? (
        <div className="space-y-2" data-warnings="">
          <p className="flex items-start gap-2 text-sm font-medium text-amber-200">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
            {t('cards.check.warnings', { count: warnings.length })}
          </p>
          <IssueList issues={warnings} label={t('cards.check.warningsLabel')} onShow={onShow} />
        </div>
      ) : null}
      <div className="space-y-2">
        <Button
          size="lg"
          className="h-auto min-h-12 w-full py-2 whitespace-normal! text-center"
          disabled={!ready || downloading}
          aria-busy={downloading ? true : undefined}
          aria-describedby={`${setId}-export-hint`}
          onClick={() => void download()}
          data-export=""
        >
          {downloading ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {t('cards.export.button', { marketplace })}
        </Button>
        <p id={`${setId}-export-hint`} className="text-xs text-fg-muted">
          {!clean && check
            ? t('cards.export.fixFirst')
            : preset
              ? t('cards.export.hint', {
                  count: draft.slides.length,
                  width: preset.width,
                  height: preset.height,
                  format: preset.format.toUpperCase(),
                })
              : null}
        </p>
      </div>
    </div>
  );
}

/**
 * Issues, each on its slide and field (a link there), with the rule's title, the text it matched,
 * what to change and where the rule was read: refusals in red, warnings in amber.
 */
function IssueList({
  issues,
  label,
  onShow,
}: {
  issues: readonly CardIssue[];
  label: string;
  onShow: (slide: number | null, field: string | null) => void;
}) {
  const { t } = useTranslation('app');
  const language = currentLanguage();
  return (
    <ul className="space-y-2" aria-label={label}>
      {issues.map((issue, at) => {
        const text = issueText(issue, language);
        const warn = issue.severity === 'warn';
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read whole, never edited
            key={at}
            data-issue={issue.code}
            data-issue-slide={issue.slide ?? ''}
            data-issue-field={issue.field ?? ''}
            data-issue-severity={issue.severity}
            className={
              warn
                ? 'rounded-xl border border-amber-400/25 bg-amber-400/5 p-3 text-sm'
                : 'rounded-xl border border-red-400/25 bg-red-400/5 p-3 text-sm'
            }
          >
            <button
              type="button"
              onClick={() => onShow(issue.slide, issue.field)}
              className="text-xs font-medium text-accent-soft underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-soft"
            >
              {issuePlace(issue, t)}
            </button>
            <p className="mt-1 font-medium text-fg">
              {text.title}
              {issue.match ? (
                <span className={warn ? 'font-normal text-amber-200' : 'font-normal text-red-200'}>
                  {' '}
                  — «{issue.match}»
                </span>
              ) : null}
            </p>
            <p className="mt-1 text-fg-muted">{text.fix}</p>
            {issue.source ? (
              <a
                href={issue.source.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 inline-flex items-center gap-1 text-xs text-fg-muted underline underline-offset-2 hover:text-fg"
              >
                {t('cards.check.source', { title: issue.source.title })}
                <ExternalLink aria-hidden="true" className="size-3" />
                <span className="sr-only">{t('cards.check.newTab')}</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
