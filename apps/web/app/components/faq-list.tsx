import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface FaqItem {
  id: string;
  question: ReactNode;
  answer: ReactNode;
}

/**
 * Questions with one answer open at a time, where clicking the open one closes it: the browser's
 * exclusive accordion (`<details>` sharing `name`), so it needs no JavaScript. With `rise`, items
 * rise one after another, 0.1 s apart (the landing page's FAQ).
 */
export function FaqList({
  name,
  items,
  rise = false,
  className,
}: {
  name: string;
  items: readonly FaqItem[];
  rise?: boolean;
  className?: string;
}) {
  return (
    <div className={['space-y-3', className].filter(Boolean).join(' ')}>
      {items.map((item, index) => (
        <details
          key={item.id}
          name={name}
          style={rise ? { animationDelay: `${index * 0.1}s` } : undefined}
          className={`group rounded-2xl border border-line bg-surface-raised/40 px-5 transition-colors open:border-accent/40 open:bg-surface-raised/70${rise ? ' motion-safe:animate-rise' : ''}`}
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-medium text-fg [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-fg-muted transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-5 text-sm leading-relaxed text-fg-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
