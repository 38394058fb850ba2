import '~/locales/admin';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { LazyToaster } from '~/components/lazy-toaster';
import { LoadingScreen } from '~/components/loading-screen';
import { adminApi, adminKeys } from '~/features/admin/api';
import { AdminShell } from '~/features/admin/components/admin-shell';
import { ApiError, isAway } from '~/lib/api';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import { useSession } from '~/lib/session';
import NotFound from '../not-found';
import type { Route } from './+types/layout';

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: `${i18n.t('admin:title')} · Kadr`,
    description: i18n.t('admin:overview.description'),
    path: location.pathname,
    noindex: true,
  });

const refused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 404);

/**
 * The operator console, its own chunk: only operators ever load its pages. Anyone else — signed
 * out, or an ordinary account, which the API answers with 404 — sees the ordinary "page not
 * found", so the console's existence is not advertised. Its data is never kept on the device.
 */
export default function AdminLayout() {
  const { status, user } = useSession();
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // A read that failed because Kadr is away has waited and tried already (lib/api.ts).
          queries: {
            staleTime: 5_000,
            retry: (count, error) => !refused(error) && !isAway(error) && count < 1,
          },
        },
      }),
  );
  if (status === 'anonymous') return <NotFound />;
  if (!user) return <LoadingScreen />;
  return (
    <QueryClientProvider client={client}>
      <Console email={user.email} />
      <LazyToaster theme="dark" position="bottom-right" closeButton richColors />
    </QueryClientProvider>
  );
}

function Console({ email }: { email: string }) {
  // The cheapest console read tells whether this person is an operator at all.
  const probe = useQuery({
    queryKey: adminKeys.models(),
    queryFn: ({ signal }) => adminApi.models(signal),
  });
  if (refused(probe.error)) return <NotFound />;
  if (probe.isPending) return <LoadingScreen />;
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}
