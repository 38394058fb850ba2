import '~/locales/app';
import '~/locales/app-batch';
import { paths, uuidPattern } from '@kadr/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '~/components/page-header';
import { BatchForm } from '~/features/studio/components/batch-form';
import { BatchProgress } from '~/features/studio/components/batch-progress';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/batch';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('batch', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

/** A batch's form, and the batch being followed (its id in the address, so a reload keeps it). */
export default function BatchPage() {
  const { t } = useTranslation('app');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('id') ?? '';
  return (
    <>
      <PageHeader title={t('batch.title')} description={t('batch.description')} />
      <BatchForm onStarted={(started) => void navigate(`${paths.batch}?id=${started}`)} />
      {uuidPattern.test(id) ? <BatchProgress key={id} id={id} /> : null}
    </>
  );
}
