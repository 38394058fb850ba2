import '~/locales/app';
import '~/locales/app-pricing';
import { FaqList } from '~/components/faq-list';
import { useTranslation } from '~/lib/use-translation';

const questions = ['pay', 'arrival', 'expiry', 'refunds', 'receipts'] as const;

/** Payment questions; one answer open at a time. */
export function PricingFaq() {
  const { t } = useTranslation('app');
  return (
    <FaqList
      name="pricing-faq"
      items={questions.map((id) => ({
        id,
        question: t(`pricing.faq.items.${id}.question`),
        answer: t(`pricing.faq.items.${id}.answer`),
      }))}
    />
  );
}
