import { paths } from '@kadr/contract';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { type SectionId, scrollToSection } from '../scroll-to-section';

type SectionLinkProps = {
  section: SectionId;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
};

/**
 * A link to a section of the landing page. On the landing page it scrolls smoothly; elsewhere
 * the router opens the landing page at that section.
 */
export function SectionLink({ section, className, onNavigate, children }: SectionLinkProps) {
  const { pathname } = useLocation();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onNavigate?.();
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (pathname !== paths.home || modified || event.button !== 0) return;
    event.preventDefault();
    scrollToSection(section);
  }

  return (
    <Link
      to={{ pathname: paths.home, hash: `#${section}` }}
      className={className}
      onClick={handleClick}
    >
      {children}
    </Link>
  );
}
