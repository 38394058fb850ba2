import '~/locales/landing';
import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BrandLink } from '~/components/brand-link';
import { LanguageSwitcher } from '~/components/language-switcher';
import { LinkButton } from '~/components/ui/link-button';
import { sections } from '../scroll-to-section';
import { SectionLink } from './section-link';

const navLinkClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg';

const mobileLinkClass =
  'rounded-lg px-3 py-3 text-base font-medium text-fg-muted transition-colors hover:bg-surface-raised hover:text-fg';

export function PublicHeader() {
  const { t } = useTranslation('landing');
  const location = useLocation();
  // The menu belongs to the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const close = () => setOpenAt(null);

  return (
    <header className="sticky top-0 z-40 h-16 border-b border-line/80 bg-surface/85 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        {/* On the narrowest phones the mark alone leaves room for the actions. */}
        <BrandLink nameClassName="max-[359px]:hidden" />
        <nav aria-label={t('header.navLabel')} className="ml-4 hidden items-center gap-1 md:flex">
          <SectionLink section={sections.features} className={navLinkClass}>
            {t('header.features')}
          </SectionLink>
          <SectionLink section={sections.faq} className={navLinkClass}>
            {t('header.faq')}
          </SectionLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <LinkButton to={paths.studio} size="sm">
            {t('header.getStarted')}
          </LinkButton>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
            onClick={() => setOpenAt(open ? null : location.key)}
            className="inline-flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-raised hover:text-fg md:hidden"
          >
            {open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>
      <div
        id="mobile-menu"
        hidden={!open}
        className={clsx(
          'border-b border-line bg-surface px-4 pt-2 pb-4 shadow-xl md:hidden',
          open && 'motion-safe:animate-fade-in',
        )}
      >
        <nav aria-label={t('header.navLabel')} className="flex flex-col">
          <SectionLink section={sections.features} className={mobileLinkClass} onNavigate={close}>
            {t('header.features')}
          </SectionLink>
          <SectionLink section={sections.faq} className={mobileLinkClass} onNavigate={close}>
            {t('header.faq')}
          </SectionLink>
        </nav>
      </div>
    </header>
  );
}
