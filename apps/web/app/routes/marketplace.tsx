import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import type { Route } from './+types/marketplace';

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('marketplace', location.pathname);

export default function MarketplacePage() {
  return <UseCasePage useCase="marketplace" />;
}
