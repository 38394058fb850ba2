import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Read out with the title; shown under it. */
  description?: ReactNode;
  closeLabel: string;
  /** Shown above the title (an icon, a status). */
  header?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/**
 * A centred modal dialog (loaded on demand through `./dialog`): traps focus, closes on Escape, on the overlay and on the close button,
 * and is named by its title and described by its description.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  header,
  children,
  className,
}: ModalProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          ref={content}
          // Focus the dialog itself, so its title and text are read first and no button looks
          // pressed; Tab then reaches the buttons (focus stays trapped inside).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          // Without a description, say so (Radix otherwise warns that one is missing).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-2xl outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in sm:p-8',
            className,
          )}
        >
          <Dialog.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-line hover:text-fg"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          {header}
          <Dialog.Title className="pr-8 text-xl font-semibold tracking-tight text-fg">
            {title}
          </Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-fg-muted">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
