import '~/locales/landing';
import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/inspiration';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('inspiration', location.pathname);

export default function InspirationPage() {
  const { t } = useTranslation('landing');
  // No subtitle of its own: the shared one (useCase.hero.subtitle) fits.
  return (
    <UseCasePage
      useCase="inspiration"
      title={t('useCases.inspiration.hero.title')}
      titleHighlight={t('useCases.inspiration.hero.titleHighlight')}
    />
  );
}
