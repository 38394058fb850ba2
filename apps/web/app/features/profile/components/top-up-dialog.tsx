import '~/locales/app';
import '~/locales/app-profile';
import { paths } from '@kadr/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  CircleCheck,
  CircleSlash,
  ExternalLink,
  Hourglass,
  LoaderCircle,
  SearchX,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { LinkButton } from '~/components/ui/link-button';
import { isNotFound } from '~/features/generations/hooks';
import { queryKeys } from '~/features/generations/query-keys';
import { supportUrl } from '~/lib/env';
import { reportPurchase } from '~/lib/metrika';
import { useCurrentUser } from '~/lib/session';
import { useTranslation } from '~/lib/use-translation';
import { cancelPayment } from '../api';
import { usePayment } from '../hooks';
import { readTopUp, slowAfterMs, type TopUpView, topUpView, withoutTopUp } from '../top-up';

/**
 * The dialog of `/profile?topUp=<payment id>`, where both payment providers send the person back.
 * Close and Continue remove the parameters (replacing the history entry).
 */
export function TopUpDialog() {
  const [search, setSearch] = useSearchParams();
  const topUp = readTopUp(search);
  if (!topUp) return null;
  const close = () => setSearch(withoutTopUp(search), { replace: true });
  return (
    <TopUpFlow
      key={topUp.paymentId}
      paymentId={topUp.paymentId}
      cancelled={topUp.cancelled}
      onClose={close}
    />
  );
}

function TopUpFlow({
  paymentId,
  cancelled,
  onClose,
}: {
  paymentId: string;
  cancelled: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('app');
  const client = useQueryClient();
  const user = useCurrentUser();
  // Back through the provider's Cancel (Stripe's cancel_url): close the payment first, so the
  // dialog never shows it waiting for a confirmation that will not come.
  const [ready, setReady] = useState(!cancelled);
  const cancelAsked = useRef(false);
  useEffect(() => {
    if (!cancelled || cancelAsked.current) return;
    cancelAsked.current = true;
    cancelPayment(paymentId)
      .then((record) => client.setQueryData(queryKeys.payment(paymentId), record))
      .catch((error: unknown) => console.warn(error instanceof Error ? error.message : error))
      .finally(() => setReady(true));
  }, [cancelled, paymentId, client]);

  const { data, error } = usePayment(paymentId, ready);
  const slow = useElapsed(slowAfterMs);
  const view = topUpView({ payment: data, notFound: isNotFound(error), slow });

  // Reported once per payment (lib/metrika remembers which); only with a counter configured. The
  // statement and the balance are read again: their event may have come before this page's stream
  // was open (the credit lands while the person is on the provider's page), and then nothing else
  // would — the dialog would say "credited 600" beside the balance before it.
  const succeeded = view.kind === 'succeeded' ? view.payment : null;
  useEffect(() => {
    if (!succeeded) return;
    reportPurchase(succeeded);
    void client.invalidateQueries({ queryKey: queryKeys.ledger.all });
    void client.invalidateQueries({ queryKey: queryKeys.tokenBalance(user.id) });
  }, [succeeded, client, user.id]);
  useConfetti(view.kind === 'succeeded');

  const content = describe(view, t, user.tokens);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={content.title}
      description={content.text}
      closeLabel={t('profile.topUp.close')}
      header={<div className="mb-4">{content.icon}</div>}
    >
      <div aria-live="polite">
        {content.extra ? <p className="mt-3 text-sm text-fg-muted">{content.extra}</p> : null}
        {view.kind === 'review' ? (
          <p className="mt-3 text-sm text-fg-muted">{t('profile.topUp.review.support')}</p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {view.kind === 'succeeded' ? (
          <Button onClick={onClose}>{t('profile.topUp.continue')}</Button>
        ) : view.kind === 'review' ? (
          <>
            <a
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'secondary' })}
            >
              {t('profile.topUp.review.supportLink')}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">{t('nav.newTab')}</span>
            </a>
            <Button onClick={onClose}>{t('profile.topUp.close')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('profile.topUp.close')}
            </Button>
            {view.kind === 'canceled' ? (
              <LinkButton to={paths.pricing}>{t('profile.topUp.canceled.again')}</LinkButton>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}

type Translate = ReturnType<typeof useTranslation<'app'>>['t'];

function describe(
  view: TopUpView,
  t: Translate,
  balance: number,
): { icon: ReactNode; title: string; text: string; extra?: string } {
  switch (view.kind) {
    case 'checking':
    case 'pending':
      return {
        icon: (
          <LoaderCircle
            aria-hidden="true"
            className="size-10 text-accent-soft motion-safe:animate-spin"
          />
        ),
        title: t('profile.topUp.pending.title'),
        text:
          view.kind === 'pending'
            ? t('profile.topUp.pending.text', {
                provider: t(`profile.topUp.providers.${view.payment.provider}`),
              })
            : t('profile.topUp.pending.checking'),
        extra: view.kind === 'pending' && view.slow ? t('profile.topUp.pending.slow') : undefined,
      };
    case 'succeeded': {
      const { payment } = view;
      return {
        icon: <CircleCheck aria-hidden="true" className="size-10 text-emerald-400" />,
        title: t('profile.topUp.succeeded.title'),
        text: t('profile.topUp.succeeded.credited', { count: payment.tokens }),
        extra:
          payment.reversed_tokens > 0
            ? t('profile.topUp.succeeded.reversed', { count: payment.reversed_tokens })
            : t('profile.topUp.succeeded.balance', {
                balance: t('profile.statement.tokens', { count: balance }),
              }),
      };
    }
    case 'canceled':
      return {
        icon: <CircleSlash aria-hidden="true" className="size-10 text-fg-muted" />,
        title: t('profile.topUp.canceled.title'),
        text: t('profile.topUp.canceled.text'),
      };
    case 'review':
      // Received, not credited: the provider reported another amount or currency, and an
      // operator settles it by hand (credits, or the money back). Calm, and never 'cancelled'.
      return {
        icon: <Hourglass aria-hidden="true" className="size-10 text-accent-soft" />,
        title: t('profile.topUp.review.title'),
        text: t('profile.topUp.review.text', {
          provider: t(`profile.topUp.providers.${view.payment.provider}`),
        }),
        extra: t('profile.topUp.review.next'),
      };
    case 'unknown':
      return {
        icon: <SearchX aria-hidden="true" className="size-10 text-fg-muted" />,
        title: t('profile.topUp.unknown.title'),
        text: t('profile.topUp.unknown.text'),
      };
  }
}

/** True once `ms` have passed since the component mounted. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

/** Exactly 20 pieces (spec §9), once, and none for people who asked for less motion. */
function useConfetti(celebrate: boolean): void {
  const fired = useRef(false);
  useEffect(() => {
    if (!celebrate || fired.current) return;
    fired.current = true;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    import('canvas-confetti')
      .then(({ default: confetti }) => {
        // Drawn on this page, not in the library's default worker: a worker from a blob: URL is
        // a script the page's policy does not allow.
        const cannon = confetti.create(undefined, { resize: true, useWorker: false });
        return cannon({ particleCount: 20, spread: 70, origin: { y: 0.6 }, zIndex: 60 });
      })
      .catch((error: unknown) => console.warn('Confetti failed', error));
  }, [celebrate]);
}
