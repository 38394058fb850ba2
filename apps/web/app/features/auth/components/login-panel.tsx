import '~/locales/auth';
import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { CircleAlert, Info } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '~/components/logo';
import { buttonClasses } from '~/components/ui/button';
import { useLocalizedPath } from '~/lib/static-page';
import { blockedReason, type SignInError } from '../sign-in-errors';
import { ProviderMark } from './provider-mark';

type Provider = { id: 'google' | 'yandex' | 'vk' };

// The server's sign-in endpoints: GET /api/auth/:provider?next=… starts the OAuth flow.
const providers: Provider[] = [{ id: 'google' }, { id: 'yandex' }, { id: 'vk' }];

function signInUrl(provider: Provider['id'], next: string): string {
  return `/api/auth/${provider}?${new URLSearchParams({ next })}`;
}

/** Why the last attempt failed; cancelling is the person's own choice, so it is not shown as an error. */
function SignInAlert({ error }: { error: SignInError }) {
  const { t } = useTranslation('auth');
  const cancelled = error === 'cancelled';
  const Icon = cancelled ? Info : CircleAlert;
  const reason = error === 'blocked' ? blockedReason(document.cookie) : '';
  const message = reason
    ? t('login.errors.blockedWithReason', { reason })
    : t(`login.errors.${error}`);
  return (
    <div
      role="alert"
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

/**
 * The sign-in card. `next` is where the person lands after signing in; `error` is why the last
 * attempt failed, if it did.
 */
export function LoginPanel({ next, error }: { next: string; error?: SignInError | null }) {
  const { t } = useTranslation('auth');
  const legalLink = 'rounded text-fg underline underline-offset-2 hover:text-accent-soft';
  const localized = useLocalizedPath();
  return (
    <section
      aria-labelledby="login-title"
      className="w-full max-w-sm rounded-2xl border border-line bg-surface-raised/60 p-8 shadow-2xl"
    >
      <div className="flex flex-col items-center text-center">
        <Logo className="size-12" />
        <h1 id="login-title" className="mt-6 text-2xl font-semibold tracking-tight text-fg">
          {t('login.title')}
        </h1>
        <p className="mt-2 text-sm text-fg-muted">{t('login.description')}</p>
      </div>
      {error && <SignInAlert error={error} />}
      <ul aria-label={t('login.providersLabel')} className="mt-8 space-y-3">
        {providers.map((provider) => (
          <li key={provider.id}>
            {/* A full page load: the server redirects to the provider and back. */}
            <a
              href={signInUrl(provider.id, next)}
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
          t={t}
          i18nKey="login.consent"
          components={{
            // Static pages without the app (ADR 007): document loads, in the chosen language.
            terms: <Link to={localized(paths.termsOfUse)} reloadDocument className={legalLink} />,
            privacy: (
              <Link to={localized(paths.privacyPolicy)} reloadDocument className={legalLink} />
            ),
          }}
        />
      </p>
    </section>
  );
}
