import '~/locales/app';
import '~/locales/app-pricing';
import type { Currency, TokenPackageItem } from '@kadr/contract';
import { clsx } from 'clsx';
import { LoaderCircle, ShieldCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { limitMessage } from '~/lib/problem-text';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { buyPackage, type ReceiptEmailProblem, receiptEmailProblem } from '../buy';
import { formatPerToken } from '../currency';
import { usePackages } from '../hooks';
import { ReceiptEmailForm } from './receipt-email';

/** The package whose purchase waits for the receipt's e-mail, and the server's last word on it. */
type ReceiptAsk = { tokens: number; problem?: ReceiptEmailProblem; attempt: number };

/**
 * The three packages of the chosen currency, each with its price, price per credit, savings
 * and a Buy button. Buying opens the provider's page (see buyPackage). A failure is logged (spec
 * §8) and also told briefly: a Buy button that silently does nothing reads as broken. When the
 * server needs an e-mail for the 54-FZ receipt (a 400 naming `email`), the package's card asks
 * for it in place and buys the same package again with it — only when the person sends it, so a
 * second refusal is shown, never looped on.
 */
export function PackageList({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('app');
  const { t: tCommon } = useTranslation('common');
  const language = i18n.language;
  const { data, isPending, isError, refetch } = usePackages(currency, language);
  const [buying, setBuying] = useState<number | null>(null);

  // Back from the provider's page through the browser's history (bfcache): the page is as it was
  // left, mid-purchase; the button must be usable again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setBuying(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const [receipt, setReceipt] = useState<ReceiptAsk | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const buy = async (item: TokenPackageItem, email?: string) => {
    setBuying(item.tokens);
    if (email !== undefined) {
      setReceipt((current) => current && { ...current, problem: undefined });
    }
    try {
      const opened = await buyPackage(
        { tokens: item.tokens, currency, email },
        undefined,
        t('pricing.packages.openingPage'),
      );
      // Leaving this window: the button stays busy until the page goes.
      if (opened === 'tab') {
        setBuying(null);
        setReceipt(null);
      }
    } catch (error) {
      setBuying(null);
      const problem = receiptEmailProblem(error);
      if (problem) {
        // Asked for the receipt's e-mail: not a failure to report, a question to ask. An address
        // sent and still refused is a wrong one, whatever the code.
        setReceipt((current) => ({
          tokens: item.tokens,
          problem: email === undefined ? undefined : 'email_invalid',
          attempt: (current?.attempt ?? 0) + 1,
        }));
        return;
      }
      console.warn(error instanceof Error ? error.message : error);
      toast.error(t('pricing.packages.buyFailed'), { description: limitMessage(error, tCommon) });
    }
  };

  const cancelReceipt = (tokens: number) => {
    setReceipt(null);
    // The Buy button comes back where the form was: give it the focus the form had.
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLButtonElement>(`[data-package="${tokens}"] button`)?.focus(),
    );
  };

  if (isPending) {
    return (
      <ul aria-busy="true" className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <li
            key={index}
            className="h-72 rounded-2xl border border-line bg-surface-raised/40 motion-safe:animate-pulse"
          />
        ))}
      </ul>
    );
  }
  if (isError || !data) {
    return (
      <div className="rounded-2xl border border-line bg-surface-raised/40 p-6 text-center">
        <p className="text-fg">{t('pricing.packages.loadFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
          {t('pricing.packages.retry')}
        </Button>
      </div>
    );
  }

  return (
    <>
      <ul ref={list} className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {data.map((item) => {
          const tokens = t('pricing.tokens', { count: item.tokens });
          const busy = buying === item.tokens;
          return (
            <li
              key={item.id}
              data-package={item.tokens}
              className={clsx(
                'relative flex flex-col rounded-2xl border p-6',
                item.popular
                  ? 'border-accent/60 bg-accent/10 shadow-lg shadow-accent/10'
                  : 'border-line bg-surface-raised/60',
              )}
            >
              {item.popular ? (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-white">
                  <Sparkles aria-hidden="true" className="size-3.5" />
                  {t('pricing.packages.popular')}
                </span>
              ) : null}
              <h3 className="text-xl font-semibold text-fg">{tokens}</h3>
              <p className="mt-1 text-sm text-fg-muted">{item.description}</p>
              <p className="mt-6 text-3xl font-semibold tracking-tight text-fg">{item.price}</p>
              <p className="mt-1 text-sm text-fg-muted">
                {t('pricing.packages.perToken', {
                  price: formatPerToken(item.pricePerToken, item.currency, language),
                })}
              </p>
              <p className="mt-3 empty:hidden md:min-h-6 md:empty:block">
                {item.savings > 0 ? (
                  <span className="inline-block rounded-full border border-emerald-400/30 bg-emerald-400/10 px-2.5 py-0.5 text-xs font-medium text-emerald-300">
                    {t('pricing.packages.save', { percent: item.savings })}
                  </span>
                ) : null}
              </p>
              {receipt?.tokens === item.tokens ? (
                <ReceiptEmailForm
                  problem={receipt.problem}
                  attempt={receipt.attempt}
                  busy={busy}
                  onSubmit={(email) => void buy(item, email)}
                  onCancel={() => cancelReceipt(item.tokens)}
                />
              ) : (
                <Button
                  className="mt-6 w-full"
                  variant={item.popular ? 'primary' : 'secondary'}
                  size="lg"
                  aria-label={t('pricing.packages.buyPackage', { tokens, price: item.price })}
                  aria-busy={busy}
                  disabled={buying !== null}
                  onClick={() => void buy(item)}
                >
                  {busy ? (
                    <>
                      <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
                      {t('pricing.packages.opening')}
                    </>
                  ) : (
                    t('pricing.packages.buy')
                  )}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-4 flex items-start gap-2 text-sm text-fg-muted">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
        {t(`pricing.packages.provider.${currency}`)}
      </p>
    </>
  );
}
