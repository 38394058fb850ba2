import '~/locales/app';
import '~/locales/app-profile';
import type { User } from '@kadr/contract';
import { LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { UserAvatar } from '~/components/user-avatar';
import { formatDate } from '~/lib/format';
import { useSession } from '~/lib/session';
import { useTranslation } from '~/lib/use-translation';
import { ProfileCard } from './profile-card';
import { ReadOnlyField } from './read-only-field';

/** Who is signed in (read-only: the sign-in provider owns these details) and the logout button. */
export function AccountSection({ user, className }: { user: User; className?: string }) {
  const { t, i18n } = useTranslation('app');
  const { logout } = useSession();
  const [leaving, setLeaving] = useState(false);
  const name = user.name.trim() || t('user.defaultName');
  const since = formatDate(user.created, i18n.language, 'long');

  const onLogout = () => {
    setLeaving(true);
    // The session goes to the home page; this screen unmounts on the way.
    void logout();
  };

  return (
    <ProfileCard title={t('profile.account.title')} icon={UserRound} className={className}>
      <div className="mt-5 flex items-center gap-4">
        <UserAvatar avatar={user.avatar} size={56} />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-fg">{name}</p>
          <p className="text-sm text-fg-muted">{t('profile.account.since', { date: since })}</p>
        </div>
      </div>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ReadOnlyField label={t('profile.account.name')} value={user.name} />
        <ReadOnlyField label={t('profile.account.email')} value={user.email} type="email" />
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">{t('profile.account.readOnly')}</p>
        <Button variant="secondary" onClick={onLogout} disabled={leaving}>
          <LogOut aria-hidden="true" />
          {t('profile.account.logout')}
        </Button>
      </div>
    </ProfileCard>
  );
}
