import { DevelopersPage } from '~/features/landing/components/developers-page';
import { developersMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import type { Route } from './+types/developers';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => developersMeta(location.pathname);

export default function DevelopersRoute() {
  return <DevelopersPage />;
}
