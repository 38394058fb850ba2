import '~/locales/app';
import { paths, type User } from '@kadr/contract';
import { Menu, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLink } from '~/components/brand-link';
import { ConnectionBanner } from '~/components/connection-banner';
import { SkipLink } from '~/components/skip-link';
import { LazyDrawer } from '~/components/ui/lazy-drawer';
import { useTranslation } from '~/lib/use-translation';
import { DemoBanner } from './demo-banner';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame: a fixed 16rem sidebar from 768 px up; below that a sticky top bar whose
 * menu button opens the same sidebar in a drawer, and which shows the balance.
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const { t } = useTranslation('app');
  const location = useLocation();
  // The drawer belongs to the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-line bg-surface md:block">
        <Sidebar user={user} />
      </aside>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-surface/85 px-2 backdrop-blur-md md:hidden">
        <LazyDrawer
          open={openAt === location.key}
          onOpenChange={(open) => setOpenAt(open ? location.key : null)}
          title={t('shell.menuTitle')}
          closeLabel={t('shell.closeMenu')}
          trigger={(props) => (
            <button
              type="button"
              aria-label={t('shell.openMenu')}
              className="inline-flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-raised hover:text-fg"
              {...props}
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
          )}
        >
          <Sidebar user={user} />
        </LazyDrawer>
        <BrandLink />
        <TopBarBalance tokens={user.tokens} />
      </header>
      <div className="md:pl-64">
        {/* Under the phone's top bar, at the top of the content on a wider screen; never over the
            studio's sticky button at the bottom. */}
        <ConnectionBanner className="sticky top-14 z-20 backdrop-blur-md md:top-0" />
        <DemoBanner />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 lg:px-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The credits left, in the phone's top bar (issue 33: they were only inside the menu), live: the
 * session's user follows the realtime stream. Leads to the packages.
 */
function TopBarBalance({ tokens }: { tokens: number }) {
  const { t } = useTranslation('app');
  const credits = t('user.credits', { count: tokens });
  return (
    <Link
      to={paths.pricing}
      aria-label={t('shell.balance', { credits })}
      data-top-bar-balance
      className="ml-auto inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-medium whitespace-nowrap text-fg tabular-nums hover:bg-surface-raised"
    >
      <Wallet aria-hidden="true" className="size-4 text-accent-soft" />
      {credits}
    </Link>
  );
}
