import { FaqSection } from '~/features/landing/components/faq-section';
import { FeaturesSection } from '~/features/landing/components/features-section';
import { FinalCta } from '~/features/landing/components/final-cta';
import { Hero } from '~/features/landing/components/hero';
import { PricesSection } from '~/features/landing/components/prices-section';
import { ShowcaseSection } from '~/features/landing/components/showcase-section';
import { homeMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import type { Route } from './+types/home';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => homeMeta(location.pathname);

export default function Home() {
  return (
    <>
      <Hero />
      <FeaturesSection />
      <ShowcaseSection />
      <PricesSection />
      <FaqSection />
      <FinalCta />
    </>
  );
}
