import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import type { Route } from './+types/smm';

export const meta: Route.MetaFunction = ({ location }) => useCaseMeta('smm', location.pathname);

export default function SmmPage() {
  return <UseCasePage useCase="smm" />;
}
