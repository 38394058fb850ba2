import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { useLocalizedPath } from '~/lib/static-page';
import { useTranslation } from '~/lib/use-translation';
import { Logo } from './logo';

/**
 * Logo and brand name, linking to the home page in the current language. A plain link: the home
 * page is static HTML without the app (ADR 007), so it is always a document load.
 */
export function BrandLink({
  className,
  nameClassName,
}: {
  className?: string;
  nameClassName?: string;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <a
      href={localized(paths.home)}
      aria-label={t('homeLink')}
      className={clsx(
        'inline-flex items-center gap-2.5 rounded-lg text-lg font-semibold tracking-tight text-fg',
        className,
      )}
    >
      <Logo />
      <span aria-hidden="true" className={nameClassName}>
        {t('brand')}
      </span>
    </a>
  );
}
