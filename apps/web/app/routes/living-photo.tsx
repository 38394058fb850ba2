import '~/locales/landing';
import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/living-photo';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('livingPhoto', location.pathname);

export default function LivingPhotoPage() {
  const { t } = useTranslation('landing');
  return (
    <UseCasePage
      useCase="livingPhoto"
      title={t('useCases.livingPhoto.hero.title')}
      titleHighlight={t('useCases.livingPhoto.hero.titleHighlight')}
      subtitle={t('useCases.livingPhoto.hero.subtitle')}
    />
  );
}
