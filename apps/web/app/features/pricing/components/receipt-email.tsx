import '~/locales/app';
import '~/locales/app-pricing';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import type { ReceiptEmailProblem } from '../buy';

/** A light check before asking the server: something, an @, something. The server decides. */
const looksLikeEmail = /^[^\s@]+@[^\s@]+$/;

/**
 * Asks, in the package's card, for the e-mail the 54-FZ receipt goes to, after the server said the
 * account has none (or the one given is wrong). The input takes focus when the form appears and
 * again with each refusal, which is announced; Escape or Cancel puts the Buy button back.
 * Submitting is the person's own click, so the provider's tab can still be opened during it.
 */
export function ReceiptEmailForm({
  problem,
  attempt,
  busy,
  onSubmit,
  onCancel,
}: {
  /** The server's refusal of the last address sent, if any. */
  problem: ReceiptEmailProblem | undefined;
  /** Counts the server's answers, so the same refusal twice is announced twice. */
  attempt: number;
  busy: boolean;
  onSubmit: (email: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('app');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  // What the form itself found wrong before sending; cleared when the server is asked.
  const [own, setOwn] = useState<ReceiptEmailProblem | undefined>();
  const error = own ?? problem;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on each answer.
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    // The whole form in view, its send button too (a phone shows the card's top otherwise).
    form.current?.scrollIntoView?.({ block: 'nearest' });
  }, [attempt]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!looksLikeEmail.test(value)) {
      setOwn(value === '' ? 'email_required' : 'email_invalid');
      input.current?.focus();
      return;
    }
    setOwn(undefined);
    onSubmit(value);
  };

  const errorId = `${id}-error`;
  const whyId = `${id}-why`;
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="mt-6 flex flex-col gap-3"
      data-receipt-email
    >
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium text-fg">
          {t('pricing.receipt.label')}
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${whyId} ${errorId}` : whyId}
          className="mt-1.5 h-11 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg aria-invalid:border-red-400 sm:text-sm"
        />
        <p id={whyId} className="mt-1.5 text-xs text-fg-muted">
          {t('pricing.receipt.why')}
        </p>
        <div aria-live="assertive">
          {error ? (
            <p key={`${error}-${attempt}`} id={errorId} className="mt-1.5 text-sm text-red-300">
              {t(`pricing.receipt.errors.${error}`)}
            </p>
          ) : null}
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? (
          <>
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            {t('pricing.packages.opening')}
          </>
        ) : (
          t('pricing.receipt.submit')
        )}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onCancel}>
        {t('pricing.receipt.cancel')}
      </Button>
    </form>
  );
}
