import '~/locales/app';
import '~/locales/app-profile';
import { PageHeader } from '~/components/page-header';
import { AccountSection } from '~/features/profile/components/account-section';
import { ApiKeysSection } from '~/features/profile/components/api-keys-section';
import { BalanceSection } from '~/features/profile/components/balance-section';
import { PaymentReturn } from '~/features/profile/components/payment-return';
import { RecentGenerations } from '~/features/profile/components/recent-generations';
import { ReferralSection } from '~/features/profile/components/referral-section';
import { TokenStatement } from '~/features/profile/components/token-statement';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useCurrentUser } from '~/lib/session';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('profile', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

export default function ProfilePage() {
  const { t } = useTranslation('app');
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <AccountSection user={user} className="lg:col-span-2" />
        <BalanceSection tokens={user.tokens} className="flex flex-col" />
        <ReferralSection userId={user.id} className="lg:col-span-3" />
        <TokenStatement className="lg:col-span-3" />
        <RecentGenerations className="lg:col-span-3" />
        <ApiKeysSection className="lg:col-span-3" />
      </div>
      <PaymentReturn />
    </>
  );
}
