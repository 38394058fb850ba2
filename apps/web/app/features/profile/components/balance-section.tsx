import '~/locales/app';
import '~/locales/app-profile';
import { paths } from '@kadr/contract';
import { Plus, Wallet } from 'lucide-react';
import { LinkButton } from '~/components/ui/link-button';
import { useTranslation } from '~/lib/use-translation';
import { ProfileCard } from './profile-card';

/** Credits remaining (live: the session user follows the realtime stream) and the way to top up. */
export function BalanceSection({ tokens, className }: { tokens: number; className?: string }) {
  const { t } = useTranslation('app');
  return (
    <ProfileCard title={t('profile.balance.title')} icon={Wallet} className={className}>
      <div className="mt-5 flex flex-1 flex-col">
        <p className="text-sm text-fg-muted">{t('profile.balance.remaining')}</p>
        <p className="mt-1 text-3xl font-semibold tracking-tight text-fg">
          {t('user.credits', { count: tokens })}
        </p>
        <p className="mt-2 text-sm text-fg-muted lg:mb-6">{t('profile.balance.note')}</p>
        <LinkButton to={paths.pricing} className="mt-6 w-full sm:w-auto sm:self-start lg:mt-auto">
          <Plus aria-hidden="true" />
          {t('profile.balance.topUp')}
        </LinkButton>
      </div>
    </ProfileCard>
  );
}
