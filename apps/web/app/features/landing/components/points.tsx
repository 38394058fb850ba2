import '~/locales/landing';
import { Check } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

const points = ['noVpn', 'noSubscription', 'noCard', 'noExpiry'] as const;

/** The promise: no VPN, no subscription, no card, tokens never expire. */
export function Points({ className }: { className?: string }) {
  const { t } = useTranslation('landing');
  return (
    <ul aria-label={t('points.label')} className={className}>
      {points.map((point) => (
        <li key={point} className="inline-flex items-center gap-2">
          <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
          {t(`points.${point}`)}
        </li>
      ))}
    </ul>
  );
}
