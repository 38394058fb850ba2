import '~/locales/landing';
import { defaultCurrency, lowestCosts, tokenPackages } from '@kadr/catalog';
import { FaqList } from '~/components/faq-list';
import { usePageLanguage } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { sections } from '../sections';

const questions = [
  'what',
  'time',
  'formats',
  'commercial',
  'billing',
  'privacy',
  'refunds',
] as const;

/**
 * Seven questions; one answer open at a time, and clicking the open one closes it. That is the
 * browser's exclusive accordion (`<details>` sharing a `name`), so it needs no JavaScript.
 */
export function FaqSection() {
  const { t } = useTranslation('landing');
  const language = usePageLanguage();
  // The billing answer's figures, from the catalogue: the smallest package of the page's currency
  // and the lowest costs of the price list.
  const credits = (count: number) => t('home.prices.credits', { count });
  const [smallest] = tokenPackages[defaultCurrency(language)];
  const lowest = lowestCosts();
  const billing = {
    price: smallest?.price,
    credits: credits(smallest?.tokens ?? 0),
    image: credits(lowest.image),
    videoSecond: credits(lowest.videoSecond),
  };
  return (
    <section
      id={sections.faq}
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="scroll-mt-20 border-t border-line/60 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2
          id="faq-title"
          className="text-center text-3xl font-semibold tracking-tight text-fg sm:text-4xl"
        >
          {t('home.faq.title')}
        </h2>
        <FaqList
          name="faq"
          rise
          className="mt-10"
          items={questions.map((id) => ({
            id,
            question: t(`home.faq.items.${id}.question`),
            answer:
              id === 'billing'
                ? t('home.faq.items.billing.answer', billing)
                : t(`home.faq.items.${id}.answer`),
          }))}
        />
      </div>
    </section>
  );
}
