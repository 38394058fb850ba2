import '~/locales/app';
import '~/locales/app-profile';
import { Copy, Gift } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '~/components/ui/button';
import { referralLink } from '~/lib/referral';
import { toast } from '~/lib/toast';
import { useTranslation } from '~/lib/use-translation';
import { referralTerms } from '../referral-terms';
import { ProfileCard } from './profile-card';
import { ReadOnlyField } from './read-only-field';

/** The programme in two sentences, the person's referral link and a copy button. */
export function ReferralSection({ userId, className }: { userId: string; className?: string }) {
  const { t, i18n } = useTranslation('app');
  const inputRef = useRef<HTMLInputElement>(null);
  const link = referralLink(window.location.origin, userId, i18n.language);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('profile.referral.copied'));
    } catch (error) {
      // No clipboard (an insecure page, a denied permission): leave the link selected to copy by hand.
      console.warn('Copying the referral link failed', error);
      inputRef.current?.select();
      toast.error(t('profile.referral.copyFailed'));
    }
  };

  return (
    <ProfileCard title={t('profile.referral.title')} icon={Gift} className={className}>
      <p className="mt-4 max-w-2xl text-fg">
        {t('profile.referral.description', {
          credits: t('user.credits', { count: referralTerms.signUpBonus }),
          share: referralTerms.paymentSharePercent,
        })}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        <ReadOnlyField
          label={t('profile.referral.linkLabel')}
          value={link}
          type="url"
          inputRef={inputRef}
          className="flex-1"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('profile.referral.copy')}
        </Button>
      </div>
    </ProfileCard>
  );
}
