import '~/locales/app';
import '~/locales/app-montage';
import { useSearchParams } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { MontageEditor } from '~/features/montage/components/montage-editor';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/montage';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('montage', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

/** Joining clips (ADR 047): `?clips=<id>,<id>` starts the strip with those videos. */
export default function MontagePage() {
  const { t } = useTranslation('app');
  const [search] = useSearchParams();
  const initial = (search.get('clips') ?? '').split(',').filter((id) => id !== '');
  return (
    <>
      <PageHeader title={t('montage.title')} description={t('montage.description')} />
      <MontageEditor initial={initial} />
    </>
  );
}
