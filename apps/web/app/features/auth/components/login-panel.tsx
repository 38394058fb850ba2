import '~/locales/auth';
import { defaultAfterLogin, paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '~/components/logo';
import { buttonClasses } from '~/components/ui/button';
import { useLocalizedPath } from '~/lib/static-page';
import { Trans, useTranslation } from '~/lib/use-translation';
import { blockedWithReason, loginPageAttributes } from '../login-page-script';
import { type SignInError, signInErrors } from '../sign-in-errors';
import { ProviderMark } from './provider-mark';

type Provider = { id: 'google' | 'yandex' | 'vk' };

// The server's sign-in endpoints: GET /api/auth/:provider?next=… starts the OAuth flow.
const providers: Provider[] = [{ id: 'google' }, { id: 'yandex' }, { id: 'vk' }];

function signInUrl(provider: Provider['id'], next: string): string {
  return `/api/auth/${provider}?${new URLSearchParams({ next })}`;
}

/** A stand-in the reason replaces, so the sentence around it is translated as one. */
const reasonSlot = '\u0000';

/**
 * Why the last attempt failed; cancelling is the person's own choice, so it is not shown as an
 * error. Prerendered hidden, one per code; the page's script shows the one `?error=` names.
 */
function SignInAlert({ error }: { error: SignInError | typeof blockedWithReason }) {
  const { t } = useTranslation('auth');
  const cancelled = error === 'cancelled';
  const Icon = cancelled ? Info : CircleAlert;
  let message: ReactNode = t(`login.errors.${error === blockedWithReason ? 'blocked' : error}`);
  if (error === blockedWithReason) {
    const [before = '', after = ''] = t('login.errors.blockedWithReason', {
      reason: reasonSlot,
      interpolation: { escapeValue: false },
    }).split(reasonSlot);
    message = (
      <>
        {before}
        <span {...{ [loginPageAttributes.blockedReason]: '' }} />
        {after}
      </>
    );
  }
  return (
    <div
      role="alert"
      hidden
      {...{ [loginPageAttributes.error]: error }}
      className={clsx(
        'mt-6 flex gap-3 rounded-xl border p-3 text-left text-sm',
        cancelled
          ? 'border-line bg-surface text-fg'
          : 'border-red-500/40 bg-red-500/10 text-red-100',
      )}
    >
      <Icon
        aria-hidden="true"
        className={clsx('mt-px size-5 shrink-0', cancelled ? 'text-fg-muted' : 'text-red-300')}
      />
      <p>{message}</p>
    </div>
  );
}

/** A legal page in this page's language (Trans puts the words in). */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} className="rounded text-fg underline underline-offset-2 hover:text-accent-soft">
      {children}
    </a>
  );
}

/**
 * The sign-in card, prerendered: the buttons lead to the default place after signing in, and every
 * explanation of a failed attempt is there, hidden. The page's script (login-page-script.ts) puts
 * in the `next` of the address and shows the explanation its `error` names.
 */
export function LoginPanel() {
  const { t } = useTranslation('auth');
  const localized = useLocalizedPath();
  return (
    <section
      aria-labelledby="login-title"
      className="w-full max-w-sm rounded-2xl border border-line bg-surface-raised/60 p-8 shadow-2xl"
    >
      <div className="flex flex-col items-center text-center">
        <Logo className="size-12" />
        <h1
          id="login-title"
          {...{ [loginPageAttributes.returningTitle]: t('login.titleReturning') }}
          className="mt-6 text-2xl font-semibold tracking-tight text-fg"
        >
          {t('login.title')}
        </h1>
        <p className="mt-2 text-sm text-fg-muted">{t('login.description')}</p>
      </div>
      {[...signInErrors, blockedWithReason].map((error) => (
        <SignInAlert key={error} error={error} />
      ))}
      <ul aria-label={t('login.providersLabel')} className="mt-8 space-y-3">
        {providers.map((provider) => (
          <li key={provider.id}>
            {/* A full page load: the server redirects to the provider and back. */}
            <a
              href={signInUrl(provider.id, defaultAfterLogin)}
              {...{ [loginPageAttributes.provider]: provider.id }}
              className={buttonClasses({ variant: 'secondary', className: 'w-full justify-start' })}
            >
              <ProviderMark provider={provider.id} />
              {t(`login.${provider.id}`)}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-xs leading-relaxed text-fg-muted">
        <Trans
          text={t('login.consent')}
          components={{
            // Static pages like this one (ADR 007), in this page's language.
            terms: <LegalLink href={localized(paths.termsOfUse)} />,
            privacy: <LegalLink href={localized(paths.privacyPolicy)} />,
          }}
        />
      </p>
    </section>
  );
}
