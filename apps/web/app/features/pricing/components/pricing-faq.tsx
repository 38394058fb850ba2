import '~/locales/app';
import '~/locales/app-pricing';
import type { Currency } from '@kadr/contract';
import { FaqList } from '~/components/faq-list';
import { useTranslation } from '~/lib/use-translation';

const questions = ['pay', 'arrival', 'expiry', 'refunds', 'receipts'] as const;

/** Payment questions; one answer open at a time. How to pay follows the chosen currency's provider. */
export function PricingFaq({ currency }: { currency: Currency }) {
  const { t } = useTranslation('app');
  return (
    <FaqList
      name="pricing-faq"
      items={questions.map((id) => ({
        id,
        question: t(`pricing.faq.items.${id}.question`),
        answer:
          id === 'pay' || id === 'arrival'
            ? t(`pricing.faq.items.${id}.answer.${currency}`)
            : t(`pricing.faq.items.${id}.answer`),
      }))}
    />
  );
}
