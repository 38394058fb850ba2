import { paths } from '@kadr/contract';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import { useLocalizedPath } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: i18n.t('notFound.meta.title'),
    description: i18n.t('notFound.meta.description'),
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const localized = useLocalizedPath();

  useEffect(() => {
    console.warn('Page not found:', `${pathname}${search}`);
  }, [pathname, search]);

  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-sm font-semibold tracking-wide text-accent-soft">{t('notFound.code')}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-4 text-fg-muted">{t('notFound.description')}</p>
      {/* The home page is static HTML without the app (ADR 007): a document load. */}
      <a href={localized(paths.home)} className={buttonClasses({ size: 'lg', className: 'mt-10' })}>
        <ArrowLeft aria-hidden="true" />
        {t('notFound.home')}
      </a>
    </section>
  );
}
