import '~/locales/app';
import '~/locales/app-pricing';
import { PageHeader } from '~/components/page-header';
import { CurrencyChoice } from '~/features/pricing/components/currency-choice';
import { ModelCosts } from '~/features/pricing/components/model-costs';
import { PackageList } from '~/features/pricing/components/package-list';
import { PricingFaq } from '~/features/pricing/components/pricing-faq';
import { WorkedExamples } from '~/features/pricing/components/worked-examples';
import { useCurrency } from '~/features/pricing/currency';
import { usePackages } from '~/features/pricing/hooks';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/pricing';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('pricing', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

export default function PricingPage() {
  const { t, i18n: instance } = useTranslation('app');
  const language = instance.language;
  const [currency, chooseCurrency] = useCurrency(language);
  // The same cache entry as the package list: the examples say what the middle package buys.
  const { data: packages } = usePackages(currency, language);
  const middle = packages?.[Math.floor(packages.length / 2)]?.tokens;
  return (
    <>
      <PageHeader title={t('pricing.title')} description={t('pricing.description')} />
      <section aria-labelledby="packages-title">
        <h2 id="packages-title" className="sr-only">
          {t('pricing.packages.title')}
        </h2>
        <div className="mb-6 flex justify-end">
          <CurrencyChoice value={currency} onChange={chooseCurrency} />
        </div>
        <PackageList currency={currency} />
      </section>
      <section aria-labelledby="costs-title" className="mt-14">
        <h2 id="costs-title" className="text-xl font-semibold tracking-tight text-fg">
          {t('pricing.costs.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-fg-muted">{t('pricing.costs.description')}</p>
        <div className="mt-6">
          <ModelCosts />
        </div>
      </section>
      <section aria-labelledby="examples-title" className="mt-14">
        <h2 id="examples-title" className="text-xl font-semibold tracking-tight text-fg">
          {t('pricing.examples.title')}
        </h2>
        <div className="mt-6">
          <WorkedExamples packageTokens={middle} />
        </div>
      </section>
      <section aria-labelledby="pricing-faq-title" className="mt-14 max-w-3xl">
        <h2 id="pricing-faq-title" className="text-xl font-semibold tracking-tight text-fg">
          {t('pricing.faq.title')}
        </h2>
        <div className="mt-6">
          <PricingFaq currency={currency} />
        </div>
      </section>
    </>
  );
}
