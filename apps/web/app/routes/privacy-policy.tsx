import { LegalPage } from '~/features/legal/components/legal-page';
import { legalMeta } from '~/features/legal/meta';
import { staticPageHandle } from '~/lib/static-page';
import type { Route } from './+types/privacy-policy';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => legalMeta('privacy', location.pathname);

export default function PrivacyPolicyPage() {
  return <LegalPage document="privacy" />;
}
