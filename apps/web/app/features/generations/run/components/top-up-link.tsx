import '~/locales/app-studio';
import { paths } from '@kadr/contract';
import type { ButtonSize } from '~/components/ui/button';
import { LinkButton } from '~/components/ui/link-button';
import { useTranslation } from '~/lib/use-translation';

/** The way to more credits, beside every spending button that the balance cannot cover. */
export function TopUpLink({ size = 'lg' }: { size?: ButtonSize }) {
  const { t } = useTranslation('app');
  return (
    <LinkButton to={paths.pricing} variant="secondary" size={size}>
      {t('studio.topUp')}
    </LinkButton>
  );
}
