import '~/locales/app';
import '~/locales/app-compare';
import { useState } from 'react';
import { PageHeader } from '~/components/page-header';
import { CompareForm, type CompareRun } from '~/features/studio/components/compare-form';
import { CompareResults } from '~/features/studio/components/compare-results';
import { Viewer } from '~/features/viewer/components/viewer';
import { loadScreenTexts } from '~/lib/i18n';
import { screenMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/compare';

export const meta: Route.MetaFunction = ({ location }) => screenMeta('compare', location.pathname);

/** The screen renders once the texts its code says are in, in the interface's language (ADR 042). */
export const clientLoader = loadScreenTexts;

export default function ComparePage() {
  const { t } = useTranslation('app');
  const [run, setRun] = useState<CompareRun | null>(null);
  return (
    <>
      <PageHeader title={t('compare.title')} description={t('compare.description')} />
      <CompareForm onStarted={setRun} />
      {run ? (
        <CompareResults key={run.cells.map((cell) => cell.id).join()} run={run} Viewer={Viewer} />
      ) : null}
    </>
  );
}
