import { LegalPage } from '~/features/legal/components/legal-page';
import { legalMeta } from '~/features/legal/meta';
import { staticPageHandle } from '~/lib/static-page';
import type { Route } from './+types/terms-of-use';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => legalMeta('terms', location.pathname);

export default function TermsOfUsePage() {
  return <LegalPage document="terms" />;
}
