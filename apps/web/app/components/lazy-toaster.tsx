import { type ComponentProps, lazy, Suspense } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { loadToasts, useToastsWanted } from '~/lib/toast';

const Toaster = lazy(() => loadToasts().then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, mounted once the first toast is asked for (lib/toast.ts). */
export function LazyToaster(props: ComponentProps<typeof SonnerToaster>) {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
