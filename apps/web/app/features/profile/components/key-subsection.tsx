import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A titled part of the API keys section (the delivery log, the audit). */
export function KeySubsection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-8 border-t border-line pt-6">
      <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-fg">
        <Icon aria-hidden="true" className="size-4 text-accent-soft" />
        {title}
      </h3>
      {children}
    </section>
  );
}
