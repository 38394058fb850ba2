import { clsx } from 'clsx';
import { ImagePlus, LoaderCircle, type LucideIcon } from 'lucide-react';
import { type DragEvent, type ReactNode, useState } from 'react';

/**
 * The dashed box a picture is picked in or dropped on. It is the label of the file input given as
 * `children`, so a click opens the picker; a dropped file goes to `onFile` unless `busy` — or,
 * given `onFiles`, every file dropped at once (the library's elements take several).
 */
export function DropZone({
  inputId,
  busy,
  title,
  hint,
  invalid = false,
  className,
  onFile,
  onFiles,
  icon: Icon = ImagePlus,
  children,
}: {
  inputId: string;
  busy: boolean;
  title: ReactNode;
  hint: ReactNode;
  invalid?: boolean;
  className?: string;
  onFile?: (file: File | undefined) => void;
  onFiles?: (files: File[]) => void;
  /** What the box shows when idle (a picture's by default; a recording's for a voice). */
  icon?: LucideIcon;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    if (onFiles) onFiles(Array.from(event.dataTransfer.files));
    else onFile?.(event.dataTransfer.files[0]);
  };
  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={clsx(
        'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed px-4 text-center transition-colors focus-within:outline-2 focus-within:outline-accent-soft',
        dragging ? 'border-accent-soft bg-accent/10' : 'border-line hover:bg-surface-raised',
        invalid && 'border-red-400',
        className,
      )}
    >
      {busy ? (
        <LoaderCircle
          aria-hidden="true"
          className="size-5 text-accent-soft motion-safe:animate-spin"
        />
      ) : (
        <Icon aria-hidden="true" className="size-5 text-accent-soft" />
      )}
      <span className="text-sm font-medium text-fg">{title}</span>
      <span className="text-xs text-fg-muted">{hint}</span>
      {children}
    </label>
  );
}
