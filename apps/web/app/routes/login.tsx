import { LoginPanel } from '~/features/auth/components/login-panel';
import { loginPageScript } from '~/features/auth/login-page-script';
import { loginMeta } from '~/features/auth/meta';
import { staticPageHandle, usePageLanguage } from '~/lib/static-page';
import type { Route } from './+types/login';

// Prerendered in each language like the marketing pages, with no framework (ADR 024).
export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => loginMeta(location.pathname);

export default function LoginPage() {
  const language = usePageLanguage();
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16">
      <LoginPanel />
      {/* Right after the card it works on, before the footer is even read. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant code, no input. */}
      <script dangerouslySetInnerHTML={{ __html: loginPageScript(language) }} />
    </div>
  );
}
