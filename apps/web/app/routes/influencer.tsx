import '~/locales/landing';
import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/influencer';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('influencer', location.pathname);

export default function InfluencerPage() {
  const { t } = useTranslation('landing');
  // No subtitle of its own: the shared one (useCase.hero.subtitle) fits.
  return (
    <UseCasePage
      useCase="influencer"
      title={t('useCases.influencer.hero.title')}
      titleHighlight={t('useCases.influencer.hero.titleHighlight')}
    />
  );
}
