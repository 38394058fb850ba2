import '~/locales/app';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '~/components/page-header';
import { i18n } from '~/lib/i18n';
import { pageMeta } from '~/lib/meta';
import type { Route } from './+types/history';

export const meta: Route.MetaFunction = ({ location }) => {
  const t = i18n.getFixedT(null, 'app');
  return pageMeta({
    title: t('history.meta.title'),
    description: t('history.meta.description'),
    path: location.pathname,
    noindex: true,
  });
};

export default function HistoryPage() {
  const { t } = useTranslation('app');
  return <PageHeader title={t('history.title')} description={t('history.description')} />;
}
