import '~/locales/app';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '~/components/page-header';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/studio';

export const meta: Route.MetaFunction = ({ location }) => {
  const t = i18n.getFixedT(null, 'app');
  return pageMeta({
    title: t('studio.meta.title'),
    description: t('studio.meta.description'),
    path: location.pathname,
    noindex: true,
  });
};

export default function StudioPage() {
  const { t } = useTranslation('app');
  return <PageHeader title={t('studio.title')} description={t('studio.description')} />;
}
