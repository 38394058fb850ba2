import '~/locales/app';
import '~/locales/app-compare';
import { useState } from 'react';
import { PageHeader } from '~/components/page-header';
import { CompareForm, type CompareRun } from '~/features/studio/components/compare-form';
import { CompareResults } from '~/features/studio/components/compare-results';
import { Viewer } from '~/features/viewer/components/viewer';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/compare';

export const meta: Route.MetaFunction = ({ location }) => {
  const t = i18n.getFixedT(null, 'app');
  return pageMeta({
    title: t('compare.meta.title'),
    description: t('compare.meta.description'),
    path: location.pathname,
    noindex: true,
  });
};

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
