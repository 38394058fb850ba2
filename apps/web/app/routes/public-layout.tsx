import { Outlet } from 'react-router';
import { SkipLink } from '~/components/skip-link';
import { PublicFooter } from '~/features/landing/components/public-footer';
import { PublicHeader } from '~/features/landing/components/public-header';

/** Landing, use-case, legal, sign-in and 404 pages: public header on top, footer below. */
export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
