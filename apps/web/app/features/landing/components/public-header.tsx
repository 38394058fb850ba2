import '~/locales/landing';
import { paths } from '@kadr/contract';
import { Menu, X } from 'lucide-react';
import { BrandLink } from '~/components/brand-link';
import { LanguageSwitcher } from '~/components/language-switcher';
import { buttonClasses } from '~/components/ui/button';
import { mobileMenuId } from '~/lib/public-page-script';
import { useLocalizedPath, useStaticPage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { sections } from '../sections';
import { useCases } from '../use-cases';
import { LanguageLinks } from './language-links';
import { SectionLink } from './section-link';

const navLinkClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg';

const mobileLinkClass =
  'rounded-lg px-3 py-3 text-base font-medium text-fg-muted transition-colors hover:bg-surface-raised hover:text-fg';

/**
 * The public pages' header. It works without JavaScript: the mobile menu is a popover (the
 * browser opens it, closes it on Escape or a click outside, and exposes its state to assistive
 * technology); the marketing pages' inline script only closes it when one of its links is used.
 */
export function PublicHeader() {
  const { t } = useTranslation('landing');
  const staticPage = useStaticPage();
  const localized = useLocalizedPath();
  return (
    <header className="group/header sticky top-0 z-40 h-16 border-b border-line/80 bg-surface/85 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        {/* On the narrowest phones the mark alone leaves room for the actions. */}
        <BrandLink nameClassName="max-[359px]:hidden" />
        <nav aria-label={t('header.navLabel')} className="ml-4 hidden items-center gap-1 md:flex">
          <SectionLink section={sections.features} className={navLinkClass}>
            {t('header.features')}
          </SectionLink>
          <SectionLink section={sections.prices} className={navLinkClass}>
            {t('header.prices')}
          </SectionLink>
          <SectionLink section={sections.faq} className={navLinkClass}>
            {t('header.faq')}
          </SectionLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {staticPage ? <LanguageLinks /> : <LanguageSwitcher />}
          <a href={paths.studio} className={buttonClasses({ size: 'sm' })}>
            {t('header.getStarted')}
          </a>
          <button
            type="button"
            popoverTarget={mobileMenuId}
            aria-label={t('header.menu')}
            className="inline-flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-raised hover:text-fg md:hidden"
          >
            <Menu aria-hidden="true" className="size-5 group-has-[:popover-open]/header:hidden" />
            <X
              aria-hidden="true"
              className="hidden size-5 group-has-[:popover-open]/header:block"
            />
          </button>
        </div>
      </div>
      <div
        id={mobileMenuId}
        popover="auto"
        className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-b border-line bg-surface px-4 pt-2 pb-4 text-fg shadow-xl backdrop:top-16 backdrop:bg-black/50 md:hidden motion-safe:open:animate-fade-in"
      >
        <nav aria-label={t('header.menu')} className="flex flex-col">
          <SectionLink section={sections.features} className={mobileLinkClass}>
            {t('header.features')}
          </SectionLink>
          <SectionLink section={sections.prices} className={mobileLinkClass}>
            {t('header.prices')}
          </SectionLink>
          <SectionLink section={sections.faq} className={mobileLinkClass}>
            {t('header.faq')}
          </SectionLink>
          <p className="mt-3 border-t border-line px-3 pt-4 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {t('footer.useCases')}
          </p>
          {useCases.map(({ id, path }) => (
            <a key={id} href={localized(path)} className={mobileLinkClass}>
              {t(`useCases.${id}.title`)}
            </a>
          ))}
        </nav>
      </div>
    </header>
  );
}
