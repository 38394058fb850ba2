import '~/locales/app';
import '~/locales/app-profile';
import { modelName } from '@kadr/catalog';
import {
  type Language,
  type LedgerReasonName,
  ledgerReasonLabels,
  type StatementEntryRecord,
} from '@kadr/contract';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Download, LoaderCircle, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { Button, buttonClasses } from '~/components/ui/button';
import { formatDate, formatNumber } from '~/lib/format';
import { useTranslation } from '~/lib/use-translation';
import { ledgerCsvUrl } from '../api';
import { useLedgerPage } from '../hooks';
import type { EntryTarget } from './entry-details';
import { ProfileCard } from './profile-card';

// An entry's details (its generation or payment) load at the first sign of use.
const EntryDetails = onDemand<{ target: EntryTarget; onClose: () => void }>(
  () => import('./entry-details').then((module) => module.EntryDetails),
  () => true,
);

const perPage = 10;

/** A character's training and its refund: what they were for is the character it taught. */
const training: ReadonlySet<LedgerReasonName> = new Set(['training_debit', 'training_refund']);

/** Entries whose payment is the person's own, so its details can be shown to them. */
const ownPayment: ReadonlySet<LedgerReasonName> = new Set([
  'payment_credit',
  'payment_reversal',
  'payment_reinstatement',
]);

/**
 * Every move of the balance, newest first (`GET /api/ledger`): date, operation (named as in the
 * CSV, by the contract's `ledgerReasonLabels`), what it was for, signed amount and the balance
 * after it; the whole statement as CSV.
 * Read again on every balance change (usePaymentSync).
 */
export function TokenStatement({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('app');
  const language = i18n.language;
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<EntryTarget | null>(null);
  const { data, isPending, isError, isPlaceholderData, refetch } = useLedgerPage({
    page,
    perPage,
  });
  const date = (value: string) => formatDate(value, language, 'shortWithTime');
  const number = (value: number) => formatNumber(value, language);
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  const labels = ledgerReasonLabels[language === 'en' ? 'en' : 'ru'];
  const link = (entry: StatementEntryRecord) => (
    <EntryFor entry={entry} language={language} onOpen={setTarget} />
  );
  // The download in the reader's language and zone, so its times match what this screen shows.
  const csvQuery = new URLSearchParams({
    lang: language,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });

  return (
    <ProfileCard title={t('profile.statement.title')} icon={ReceiptText} className={className}>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">{t('profile.statement.description')}</p>
        <a
          href={`${ledgerCsvUrl}?${csvQuery}`}
          download
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        >
          <Download aria-hidden="true" />
          {t('profile.statement.download')}
        </a>
      </div>
      {isPending ? (
        <div className="mt-4 flex justify-center py-6">
          <LoaderCircle
            aria-hidden="true"
            className="size-5 text-fg-muted motion-safe:animate-spin"
          />
        </div>
      ) : isError || !data ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p className="text-sm text-fg">{t('profile.statement.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            {t('profile.statement.retry')}
          </Button>
        </div>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-sm text-fg-muted">{t('profile.statement.empty')}</p>
      ) : (
        <div className={clsx('mt-4', isPlaceholderData && 'opacity-60')}>
          {/* Phones: each entry in two lines; four columns do not fit 390 px. */}
          <ul className="divide-y divide-line/60 sm:hidden" data-statement-list>
            {data.items.map((entry) => (
              <li key={entry.id} data-reason={entry.reason} className="py-3 text-sm">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="text-fg">{labels[entry.reason]}</span>
                  <Amount delta={entry.delta} format={number} />
                </div>
                <div className="mt-1 flex items-baseline justify-between gap-3 text-xs text-fg-muted">
                  <span className="tabular-nums">{date(entry.created)}</span>
                  <span className="tabular-nums">
                    {t('profile.statement.balanceAfterValue', {
                      balance: number(entry.balance_after),
                    })}
                  </span>
                </div>
                {link(entry)}
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left text-sm sm:table" data-statement>
            <thead className="text-xs text-fg-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('profile.statement.date')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('profile.statement.operation')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('profile.statement.amount')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('profile.statement.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => (
                <tr
                  key={entry.id}
                  data-reason={entry.reason}
                  className="border-b border-line/60 align-top last:border-0"
                >
                  <td className="py-2.5 pr-3 text-fg-muted tabular-nums">{date(entry.created)}</td>
                  <td className="py-2.5 pr-3 text-fg">
                    <span className="block">{labels[entry.reason]}</span>
                    {link(entry)}
                  </td>
                  <td data-amount className="py-2.5 pr-3 text-right">
                    <Amount delta={entry.delta} format={number} />
                  </td>
                  <td data-balance className="py-2.5 text-right text-fg tabular-nums">
                    {number(entry.balance_after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && totalPages > 1 ? (
        <nav
          aria-label={t('profile.statement.pagination')}
          className="mt-4 flex items-center justify-between gap-3"
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((current) => Math.max(1, current - 1))}
          >
            <ChevronLeft aria-hidden="true" />
            {t('profile.statement.previous')}
          </Button>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {t('profile.statement.page', { page, total: totalPages })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => setPage((current) => Math.min(totalPages, current + 1))}
          >
            {t('profile.statement.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
      {target ? <EntryDetails target={target} onClose={() => setTarget(null)} /> : null}
    </ProfileCard>
  );
}

/** A signed amount: credits green with a plus, debits with a minus sign. */
function Amount({ delta, format }: { delta: number; format: (value: number) => string }) {
  return (
    <span
      className={clsx(
        'font-medium whitespace-nowrap tabular-nums',
        delta > 0 ? 'text-emerald-300' : 'text-fg',
      )}
    >
      {delta > 0 ? '+' : delta < 0 ? '−' : ''}
      {format(Math.abs(delta))}
    </span>
  );
}

/**
 * A text with someone's own words in it: put in after translating, so that nothing in a prompt or
 * a name is read as part of the template (the translator expands `$t(…)` in what it fills).
 */
const slot = '\u0001';
function around(template: string, words: string) {
  const [before = '', after = ''] = template.split(slot);
  return `${before}${words}${after}`;
}

/**
 * What an entry was for, under its operation: the generation's model and prompt and the library
 * elements it used, or the package of the person's own payment — each opening its details — or
 * the character a training taught, or the friend's name.
 */
function EntryFor({
  entry,
  language,
  onOpen,
}: {
  entry: StatementEntryRecord;
  language: Language | string;
  onOpen: (target: EntryTarget) => void;
}) {
  const { t } = useTranslation('app');
  const opener = 'block text-left text-xs font-medium break-words text-accent-soft hover:underline';
  // Names as they were then (an older statement page kept on the device has none).
  const elements = entry.elements ?? [];
  if (entry.generation_id) {
    const id = entry.generation_id;
    const model = entry.model ? modelName(entry.model) : null;
    return (
      <button
        type="button"
        className={opener}
        data-entry-for="generation"
        onClick={() => onOpen({ kind: 'generation', id })}
      >
        {model ?? t('profile.statement.generation')}
        {entry.prompt ? (
          <span className="font-normal text-fg-muted">
            {' · '}
            {around(t('profile.statement.details.prompt', { prompt: slot }), entry.prompt)}
          </span>
        ) : null}
        {elements.length > 0 ? (
          <span className="font-normal text-fg-muted" data-entry-elements="">
            {' · '}
            {around(
              t('profile.statement.details.elements', { count: elements.length, names: slot }),
              elements.join(', '),
            )}
          </span>
        ) : null}
      </button>
    );
  }
  if (training.has(entry.reason) && elements.length > 0) {
    return (
      <span className="block text-xs break-words text-fg-muted" data-entry-for="training">
        {around(t('profile.statement.details.character', { name: slot }), elements.join(', '))}
      </span>
    );
  }
  if (entry.payment_id && entry.payment && ownPayment.has(entry.reason)) {
    const id = entry.payment_id;
    const { tokens, amount, currency } = entry.payment;
    const price = new Intl.NumberFormat(language, { style: 'currency', currency }).format(
      Number(amount),
    );
    return (
      <button
        type="button"
        className={opener}
        data-entry-for="payment"
        onClick={() => onOpen({ kind: 'payment', id })}
      >
        {t('profile.statement.details.package', {
          credits: t('profile.statement.tokens', { count: tokens }),
          price,
        })}
      </button>
    );
  }
  if (entry.friend) {
    return (
      <span className="block text-xs break-words text-fg-muted" data-entry-for="friend">
        {around(t('profile.statement.details.friend', { name: slot }), entry.friend)}
      </span>
    );
  }
  return null;
}
