import '~/locales/landing';
import { CardSamples } from '~/features/landing/components/card-samples';
import { ToolsSection } from '~/features/landing/components/tool-prices';
import { UseCasePage } from '~/features/landing/components/use-case-page';
import { useCaseMeta } from '~/features/landing/meta';
import { staticPageHandle } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import type { Route } from './+types/marketplace';

export const handle = staticPageHandle;

export const meta: Route.MetaFunction = ({ location }) =>
  useCaseMeta('marketplace', location.pathname);

export default function MarketplacePage() {
  const { t } = useTranslation('landing');
  return (
    <UseCasePage
      useCase="marketplace"
      title={t('useCases.marketplace.hero.title')}
      titleHighlight={t('useCases.marketplace.hero.titleHighlight')}
      subtitle={t('useCases.marketplace.hero.subtitle')}
    >
      <CardSamples />
      <ToolsSection
        title={t('useCases.marketplace.tools.title')}
        subtitle={t('useCases.marketplace.tools.subtitle')}
      />
    </UseCasePage>
  );
}
