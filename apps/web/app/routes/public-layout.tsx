import { Outlet } from 'react-router';
import { SkipLink } from '~/components/skip-link';
import { LanguageOffer } from '~/features/landing/components/language-offer';
import { PublicFooter } from '~/features/landing/components/public-footer';
import { PublicHeader } from '~/features/landing/components/public-header';
import { i18nFor } from '~/lib/i18n';
import { useStaticPageLanguage } from '~/lib/static-page';
import { I18nProvider } from '~/lib/use-translation';

/** Landing, use-case, legal, sign-in and 404 pages: public header on top, footer below. */
export default function PublicLayout() {
  // A marketing page speaks the language of its address (`/en/…`), whatever was chosen before;
  // sign-in and the 404 follow the person's choice like the rest of the app.
  const staticLanguage = useStaticPageLanguage();
  const page = (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
      {/* Static pages only: their inline script is what shows it. */}
      {staticLanguage ? <LanguageOffer page={staticLanguage} /> : null}
    </div>
  );
  return staticLanguage ? <I18nProvider i18n={i18nFor(staticLanguage)}>{page}</I18nProvider> : page;
}
