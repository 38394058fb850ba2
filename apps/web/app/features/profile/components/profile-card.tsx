import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** A titled panel of the profile screen. */
export function ProfileCard({
  title,
  icon: Icon,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={clsx('rounded-2xl border border-line bg-surface-raised/60 p-5 sm:p-6', className)}
    >
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-medium text-fg-muted">
        <Icon aria-hidden="true" className="size-4 text-accent-soft" />
        {title}
      </h2>
      {children}
    </section>
  );
}
