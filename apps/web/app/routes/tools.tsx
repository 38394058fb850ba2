import '~/locales/app';
import '~/locales/app-studio';
import '~/locales/app-tools';
import { useLocation } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { ToolsWorkspace } from '~/features/tools/components/tools-workspace';
import { readToolsQuery } from '~/features/tools/tools-query';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/tools';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('tools', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

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
