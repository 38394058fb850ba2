import { paths } from '@kadr/contract';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from './logo';

/** Logo and brand name, linking to the home page. */
export function BrandLink({
  className,
  nameClassName,
}: {
  className?: string;
  nameClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.home}
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
    </Link>
  );
}
