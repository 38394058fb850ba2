import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import type { Route } from './+types/inspiration';

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('inspiration', location.pathname);

export default function InspirationPage() {
  return <UseCasePage useCase="inspiration" />;
}
