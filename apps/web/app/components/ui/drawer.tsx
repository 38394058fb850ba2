import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (outside this module, so the dialog can load on demand). */
  trigger: RefObject<HTMLButtonElement | null>;
  /** Accessible name of the drawer. */
  title: string;
  closeLabel: string;
  children: ReactNode;
};

/**
 * A panel that slides in from the left: a modal dialog that traps focus and closes on Escape,
 * on the overlay and on the close button, then gives focus back to its trigger. Loaded on demand
 * (`LazyDrawer` in lazy-drawer.tsx).
 */
export default function Drawer({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  children,
}: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
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
