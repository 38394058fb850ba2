import { defaultAfterLogin, paths, safeReturnPath } from '@kadr/contract';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginPanel } from '~/features/auth/components/login-panel';
import { loginMeta } from '~/features/auth/meta';
import { signInErrorFrom } from '~/features/auth/sign-in-errors';
import { useSession } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/login';

// Its own address, not the prerender's `/login/`: a canonical with the slash names another page.
export const meta: Route.MetaFunction = () => loginMeta(paths.login);

export default function LoginPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The prerendered page knows no query string; read `next` and `error` only once hydrated.
  const hydrated = useHydrated();
  const next = hydrated ? safeReturnPath(searchParams.get('next')) : defaultAfterLogin;
  const error = hydrated ? signInErrorFrom(searchParams.get('error')) : null;

  useEffect(() => {
    if (status === 'authenticated') void navigate(next, { replace: true });
  }, [status, next, navigate]);

  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-16">
      <LoginPanel next={next} error={error} />
    </div>
  );
}
