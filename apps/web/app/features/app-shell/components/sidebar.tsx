import type { User } from '@kadr/contract';
import { BrandLink } from '~/components/brand-link';
import { LanguageSwitcher } from '~/components/language-switcher';
import { SidebarNav } from './sidebar-nav';
import { UserCard } from './user-card';

/** Brand, entries, language and the signed-in person: shown fixed on desktop, in the drawer on phones. */
export function Sidebar({ user }: { user: User }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <BrandLink className="self-start px-2 py-1" />
      <div className="flex-1 overflow-y-auto">
        <SidebarNav />
      </div>
      <div className="space-y-3 border-t border-line pt-4">
        <LanguageSwitcher className="ml-2" />
        <UserCard user={user} />
      </div>
    </div>
  );
}
