import {
  type LocalizedPath,
  languages,
  localizedPathOf,
  localizedPublicPath,
  paths,
} from '@kadr/contract';
import { clsx } from 'clsx';
import { useLocation } from 'react-router';
import { usePageLanguage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';

/**
 * RU | EN on a static page (marketing pages and sign-in): plain links to the same page in the other language, since each
 * language has its own address (the app's pages switch in place: components/language-switcher).
 */
export function LanguageLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = usePageLanguage();
  const page: LocalizedPath = localizedPathOf(pathname) ?? paths.home;
  return (
    <nav
      aria-label={t('language.label')}
      className={clsx('inline-flex rounded-lg border border-line bg-surface p-0.5', className)}
    >
      {languages.map((language) => {
        const current = language === active;
        return (
          <a
            key={language}
            href={localizedPublicPath(page, language)}
            hrefLang={language}
            lang={language}
            aria-current={current ? 'page' : undefined}
            className={clsx(
              'inline-flex h-8 min-w-10 items-center justify-center rounded-md px-2 text-xs font-semibold tracking-wide transition-colors',
              current ? 'bg-surface-raised text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <span className="sr-only">{t(`language.${language}`)}</span>
          </a>
        );
      })}
    </nav>
  );
}
