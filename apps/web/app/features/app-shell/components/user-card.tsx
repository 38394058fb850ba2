import '~/locales/app';
import { paths, type User } from '@kadr/contract';
import { CircleUserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Sidebar footer: who is signed in and their balance; opens the profile. */
export function UserCard({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const name = user.name.trim() || t('user.defaultName');
  return (
    <Link
      to={paths.profile}
      className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-surface-raised"
    >
      {user.avatar ? (
        <img
          src={user.avatar}
          alt=""
          width={36}
          height={36}
          referrerPolicy="no-referrer"
          className="size-9 shrink-0 rounded-full object-cover"
        />
      ) : (
        <CircleUserRound
          aria-hidden="true"
          className="size-9 shrink-0 text-fg-muted"
          strokeWidth={1.5}
        />
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">{name}</span>
        <span className="block truncate text-xs text-fg-muted">
          {t('user.credits', { count: user.tokens })}
        </span>
      </span>
    </Link>
  );
}
