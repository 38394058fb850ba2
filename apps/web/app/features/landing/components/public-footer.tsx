import '~/locales/landing';
import { paths } from '@kadr/contract';
import { BrandLink } from '~/components/brand-link';
import { useLocalizedPath } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { useCases } from '../use-cases';

const linkClass = 'inline-block rounded py-1 text-sm text-fg-muted transition-colors hover:text-fg';

/**
 * Links to every use case, the developers' page and the legal pages, in the page's language. Plain links: each opens its
 * page as a new document, at the top.
 */
export function PublicFooter() {
  const { t } = useTranslation('landing');
  const localized = useLocalizedPath();
  return (
    <footer className="border-t border-line">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:px-6">
        <div>
          <BrandLink />
          <p className="mt-3 max-w-xs text-sm text-fg-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-use-cases">
          <h2 id="footer-use-cases" className="text-sm font-semibold text-fg">
            {t('footer.useCases')}
          </h2>
          <ul className="mt-2 space-y-1">
            {useCases.map(({ path, id }) => (
              <li key={path}>
                <a href={localized(path)} className={linkClass}>
                  {t(`useCases.${id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-developers">
          <h2 id="footer-developers" className="text-sm font-semibold text-fg">
            {t('footer.developers')}
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a href={localized(paths.developers)} className={linkClass}>
                {t('footer.api')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-fg">
            {t('footer.legal')}
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <a href={localized(paths.privacyPolicy)} className={linkClass}>
                {t('footer.privacy')}
              </a>
            </li>
            <li>
              <a href={localized(paths.termsOfUse)} className={linkClass}>
                {t('footer.terms')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-xs text-fg-muted sm:px-6">
        {t('footer.copyright')}
      </p>
    </footer>
  );
}
