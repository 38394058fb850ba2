import '~/locales/landing';
import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/smm';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) => useCaseMeta('smm', location.pathname);

export default function SmmPage() {
  const { t } = useTranslation('landing');
  return (
    <UseCasePage
      useCase="smm"
      title={t('useCases.smm.hero.title')}
      titleHighlight={t('useCases.smm.hero.titleHighlight')}
      subtitle={t('useCases.smm.hero.subtitle')}
    />
  );
}
