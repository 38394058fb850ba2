import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import type { Route } from './+types/living-photo';

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('livingPhoto', location.pathname);

export default function LivingPhotoPage() {
  return <UseCasePage useCase="livingPhoto" />;
}
