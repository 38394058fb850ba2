import { clsx } from 'clsx';
import { type Ref, useId } from 'react';

/** A labelled input the person can read, select and copy but not change. */
export function ReadOnlyField({
  label,
  value,
  type = 'text',
  inputRef,
  className,
}: {
  label: string;
  value: string;
  type?: 'text' | 'email' | 'url';
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        value={value}
        readOnly
        // One click selects the whole value, ready to copy.
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1.5 h-11 w-full min-w-0 truncate rounded-xl border border-line bg-surface px-3 text-sm text-fg"
      />
    </div>
  );
}
