import '~/locales/landing';
import { paths } from '@kadr/contract';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';

/**
 * 'Start creating': every one leads to the studio (through sign-in when signed out). A plain
 * link: marketing pages carry no router, and the studio is a document load anyway.
 */
export function StartLink({ className }: { className?: string }) {
  const { t } = useTranslation('landing');
  return (
    <a href={paths.studio} className={buttonClasses({ size: 'lg', className })}>
      {t('cta')}
      <ArrowRight aria-hidden="true" />
    </a>
  );
}
