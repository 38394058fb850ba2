import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { loadToasts, useToastsWanted } from '~/lib/toast';

type ToasterProps = ComponentProps<typeof SonnerToaster>;

// A Toaster that cannot load renders nothing rather than taking the screen down with it.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  loadToasts().then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: () => null }),
  ),
);

/** sonner's Toaster, mounted once the first toast is asked for (lib/toast.ts). */
export function LazyToaster(props: ToasterProps) {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
