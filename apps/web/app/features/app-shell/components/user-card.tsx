import '~/locales/app';
import { paths, type User } from '@kadr/contract';
import { Link } from 'react-router';
import { UserAvatar } from '~/components/user-avatar';
import { useTranslation } from '~/lib/use-translation';

/** Sidebar footer: who is signed in and their balance; opens the profile. */
export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const name = user.name.trim() || t('user.defaultName');
  return (
    <Link
      to={paths.profile}
      className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-surface-raised"
    >
      <UserAvatar avatar={user.avatar} size={36} />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">{name}</span>
        <span className="block truncate text-xs text-fg-muted">
          {t('user.credits', { count: user.tokens })}
        </span>
      </span>
    </Link>
  );
}
