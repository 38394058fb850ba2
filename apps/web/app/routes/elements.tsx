import '~/locales/app';
import '~/locales/app-elements';
import { PageHeader } from '~/components/page-header';
import { ElementsScreen } from '~/features/elements/components/elements-screen';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/elements';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('elements', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

/**
 * The library of elements (ADR 043): the person's characters and products with their reference
 * pictures. `?kind=character|product` narrows it, `?archived=1` shows the archived ones.
 */
export default function ElementsPage() {
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader title={t('elements.title')} description={t('elements.description')} />
      <ElementsScreen />
    </>
  );
}
