import { paths } from '@kadr/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLocalizedPath } from '~/lib/static-page';
import type { SectionId } from '../sections';

type SectionLinkProps = {
  section: SectionId;
  className?: string;
  children: ReactNode;
};

/**
 * A link to a section of the home page. On the home page it is an in-page link, which the
 * browser scrolls to smoothly (CSS `scroll-behavior`, off under reduced motion); elsewhere it
 * opens the home page, in the page's language, at that section.
 */
export function SectionLink({ section, className, children }: SectionLinkProps) {
  const { pathname } = useLocation();
  const home = useLocalizedPath()(paths.home);
  const onHome = pathname === home || pathname === `${home}/`;
  return (
    <a href={onHome ? `#${section}` : `${home}#${section}`} className={className}>
      {children}
    </a>
  );
}
