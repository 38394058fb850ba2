import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import type { Route } from './+types/influencer';

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('influencer', location.pathname);

export default function InfluencerPage() {
  return <UseCasePage useCase="influencer" />;
}
