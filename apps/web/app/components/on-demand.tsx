import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { onFirstInteraction } from '~/lib/first-interaction';
import { withTexts } from '~/lib/i18n';

/**
 * A component whose code the first screen does not carry — a dialog, the viewer, a result's
 * panel. `load` fetches it, and then its texts, at the person's first sign of use (a pointer over
 * the page, a touch, a key, a scroll), so the click that opens it finds them loaded; it is mounted
 * from the first time `isOpen(props)` holds on, so that closing plays its animation. One that
 * cannot load (offline, or a deploy replaced the chunk, or its texts) stays shut rather than
 * taking the screen down.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => Promise<void> } {
  // Once in, rendered at once. A `lazy` component suspends its first render until its promise
  // settles, even for code already loaded, and React holds back a suspended part's reveal (about
  // 300 ms): a result's first state would be gone before its panel showed. A thenable that calls
  // back at once is read by `lazy` in the same render, with no suspense.
  let ready: ComponentType<P> | undefined;
  // The component's texts are registered by its code, and loaded (in the interface's language)
  // before it first renders.
  let fetching: Promise<ComponentType<P>> | undefined;
  const fetchIt = () => {
    fetching ??= withTexts(load()).then(
      (component) => {
        ready = component;
        return component;
      },
      (error: unknown) => {
        // Tried again at the next use (offline, or a deploy replaced the chunk).
        fetching = undefined;
        throw error;
      },
    );
    return fetching;
  };
  const Loaded = lazy<ComponentType<P>>(() => {
    const component = ready;
    if (component) {
      const now = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable, which React's lazy reads at once
        then: (resolve: (module: { default: ComponentType<P> }) => void) =>
          resolve({ default: component }),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return fetchIt().then(
      (loaded) => ({ default: loaded }),
      () => ({ default: (() => null) as ComponentType<P> }),
    );
  });
  // One listener per component, however many instances a page renders (a dialog per card).
  let armed = false;
  function OnDemand(props: P) {
    const open = isOpen(props);
    const [used, setUsed] = useState(open);
    if (open && !used) setUsed(true);
    useEffect(() => {
      if (armed) return;
      armed = true;
      onFirstInteraction(() => void fetchIt().catch(() => {}));
    }, []);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  // For code that knows it will show the part soon: fetched now, resolved once it can render at
  // once (a failure is left to the part itself, which stays shut).
  return Object.assign(OnDemand, {
    preload: () =>
      fetchIt().then(
        () => undefined,
        () => undefined,
      ),
  });
}
