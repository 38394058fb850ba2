import '~/locales/app';
import '~/locales/app-studio';
import '~/locales/app-tools';
import { useLocation } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { ToolsWorkspace } from '~/features/tools/components/tools-workspace';
import { readToolsQuery } from '~/features/tools/tools-query';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/tools';

export const meta: Route.MetaFunction = ({ location }) => {
  const t = i18n.getFixedT(null, 'app');
  return pageMeta({
    title: t('tools.meta.title'),
    description: t('tools.meta.description'),
    path: location.pathname,
    noindex: true,
  });
};

/**
 * The finishing tools (ADR 038): `?tool=<id>&from=<generation>` opens a tool on a result,
 * `?reuse=<generation>` repeats an edit's settings, no query picks a tool and a picture here.
 */
export default function ToolsPage() {
  const { t } = useTranslation('app');
  const location = useLocation();
  const query = readToolsQuery(new URLSearchParams(location.search));
  return (
    <>
      <PageHeader title={t('tools.title')} description={t('tools.description')} />
      {/* A new address (Edit further) starts a new workspace. */}
      <ToolsWorkspace key={location.search} query={query} />
    </>
  );
}
