import '~/locales/landing';
import { paths } from '@kadr/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLink } from '~/components/brand-link';
import { useCases } from '../use-cases';

const linkClass = 'rounded text-sm text-fg-muted transition-colors hover:text-fg';

export function PublicFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-line">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div>
          <BrandLink />
          <p className="mt-3 max-w-xs text-sm text-fg-muted">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-use-cases">
          <h2 id="footer-use-cases" className="text-sm font-semibold text-fg">
            {t('footer.useCases')}
          </h2>
          <ul className="mt-3 space-y-2">
            {useCases.map(({ path, id }) => (
              <li key={path}>
                <Link to={path} className={linkClass}>
                  {t(`useCases.${id}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-fg">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to={paths.privacyPolicy} className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.termsOfUse} className={linkClass}>
                {t('footer.terms')}
              </Link>
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
