import '~/locales/app';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const questions = ['pay', 'arrival', 'expiry', 'refunds', 'receipts'] as const;

/** Payment questions; one answer open at a time (`<details>` sharing a name). */
export function PricingFaq() {
  const { t } = useTranslation('app');
  return (
    <div className="space-y-3">
      {questions.map((id) => (
        <details
          key={id}
          name="pricing-faq"
          className="group rounded-2xl border border-line bg-surface-raised/40 px-5 transition-colors open:border-accent/40 open:bg-surface-raised/70"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-medium text-fg [&::-webkit-details-marker]:hidden">
            {t(`pricing.faq.items.${id}.question`)}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-fg-muted transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-5 text-sm leading-relaxed text-fg-muted">
            {t(`pricing.faq.items.${id}.answer`)}
          </p>
        </details>
      ))}
    </div>
  );
}
