import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens the drawer (rendered as the dialog trigger). */
  trigger: ReactNode;
  /** Accessible name of the drawer. */
  title: string;
  closeLabel: string;
  children: ReactNode;
};

/**
 * A panel that slides in from the left: a modal dialog that traps focus and closes on Escape,
 * on the overlay and on the close button.
 */
export function Drawer({ open, onOpenChange, trigger, title, closeLabel, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-line bg-surface shadow-2xl outline-none motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in"
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-raised hover:text-fg"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
