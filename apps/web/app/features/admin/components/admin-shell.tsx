import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandLink } from '~/components/brand-link';
import { ConnectionBanner } from '~/components/connection-banner';
import { LanguageSwitcher } from '~/components/language-switcher';
import { SkipLink } from '~/components/skip-link';
import { useTranslation } from '~/lib/use-translation';
import { adminPaths } from '../admin-paths';

const sections = [
  { to: adminPaths.overview, key: 'overview', end: true },
  { to: adminPaths.people, key: 'people', end: false },
  { to: adminPaths.generations, key: 'generations', end: false },
  { to: adminPaths.payments, key: 'payments', end: false },
  { to: adminPaths.models, key: 'models', end: false },
  { to: adminPaths.audit, key: 'audit', end: false },
] as const;

/** The console's frame: a top bar with its sections (scrolling sideways on a phone). */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur-md">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <span className="rounded-md bg-accent/15 px-2 py-0.5 text-xs font-semibold tracking-wide text-accent-soft uppercase">
            {t('title')}
          </span>
          <span className="ml-auto hidden truncate text-sm text-fg-muted sm:block">{email}</span>
          <LanguageSwitcher />
          <Link
            to={paths.studio}
            className="hidden items-center gap-1 rounded-lg px-2 py-1 text-sm text-fg-muted hover:bg-surface-raised hover:text-fg md:inline-flex"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('nav.studio')}
          </Link>
        </div>
        <nav aria-label={t('nav.label')} className="mx-auto max-w-7xl overflow-x-auto px-2 sm:px-4">
          <ul className="flex gap-1 pb-2">
            {sections.map((section) => (
              <li key={section.key}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    clsx(
                      'block rounded-lg px-3 py-1.5 text-sm whitespace-nowrap transition-colors',
                      isActive
                        ? 'bg-surface-raised font-medium text-fg'
                        : 'text-fg-muted hover:bg-surface-raised hover:text-fg',
                    )
                  }
                >
                  {t(`nav.${section.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ConnectionBanner edge="top" />
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6">
        {children}
      </main>
    </div>
  );
}
