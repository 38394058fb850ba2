import { FaqSection } from '~/features/landing/components/faq-section';
import { FeaturesSection } from '~/features/landing/components/features-section';
import { Hero } from '~/features/landing/components/hero';
import { homeMeta } from '~/features/landing/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ location }) => homeMeta(location.pathname);

export default function Home() {
  return (
    <>
      <Hero />
      <FeaturesSection />
      <FaqSection />
    </>
  );
}
