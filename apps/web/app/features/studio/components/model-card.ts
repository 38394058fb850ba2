import { clsx } from 'clsx';

/** A model's card in the picker, chosen or not (the trained characters' cards look the same). */
export function modelCardClass(checked: boolean): string {
  return clsx(
    'group relative flex cursor-pointer flex-col overflow-hidden rounded-xl border bg-surface transition-colors focus-within:outline-2 focus-within:outline-accent-soft',
    checked ? 'border-accent-soft ring-1 ring-accent-soft' : 'border-line hover:border-fg-muted/50',
  );
}
