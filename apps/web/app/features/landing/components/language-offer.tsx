import '~/locales/landing';
import {
  type Language,
  languages,
  localizedPathOf,
  localizedPublicPath,
  paths,
} from '@kadr/contract';
import { X } from 'lucide-react';
import { useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { i18nFor } from '~/lib/i18n';
import { languageOfferId } from '~/lib/public-page-script';

/**
 * 'This page is also in English': the same page in the other language, offered to a browser that
 * prefers it. Prerendered hidden and in the language it offers (the reader may not read this
 * page's); the page's inline script shows it from the browser's languages and remembers a
 * dismissal. It floats at the bottom of the window, so showing it shifts nothing, and it never
 * redirects: the address keeps its language for search engines and shared links.
 */
export function LanguageOffer({ page }: { page: Language }) {
  const { pathname } = useLocation();
  const other = languages.find((language) => language !== page) ?? page;
  const t = i18nFor(other).getFixedT(null, 'landing');
  const href = localizedPublicPath(localizedPathOf(pathname) ?? paths.home, other);
  return (
    <aside
      id={languageOfferId}
      hidden
      lang={other}
      aria-label={t('languageOffer.label')}
      className="fixed inset-x-3 bottom-3 z-50 flex items-center gap-3 rounded-2xl border border-line bg-surface-raised/95 py-2 pr-2 pl-4 text-sm text-fg shadow-xl backdrop-blur-md sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md motion-safe:animate-fade-in"
    >
      <p className="min-w-0 flex-1">{t('languageOffer.text')}</p>
      <a href={href} hrefLang={other} className={buttonClasses({ size: 'sm' })}>
        {t('languageOffer.action')}
      </a>
      <button
        type="button"
        aria-label={t('languageOffer.dismiss')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
