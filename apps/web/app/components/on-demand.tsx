import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { onFirstInteraction } from '~/lib/first-interaction';

/**
 * A component whose code the first screen does not carry — a dialog, the viewer. `load` fetches
 * it at the person's first sign of use (a pointer over the page, a touch, a key, a scroll), so the
 * click that opens it finds it loaded; it is mounted from the first time `isOpen(props)` holds
 * on, so that closing plays its animation. One that cannot load (offline, or a deploy replaced
 * the chunk) stays shut rather than taking the screen down.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
  // One listener per component, however many instances a page renders (a dialog per card).
  let armed = false;
  return function OnDemand(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    if (open && !used) setUsed(true);
    useEffect(() => {
      if (armed) return;
      armed = true;
      onFirstInteraction(() => void load().catch(() => {}));
    }, []);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
