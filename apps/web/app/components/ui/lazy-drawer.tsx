import {
  type ComponentType,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useRef,
  useState,
} from 'react';
import type { DrawerProps } from './drawer';

const loadDrawer = () => import('./drawer');
// A drawer that cannot load (offline, or a deploy replaced the chunk) leaves the menu button
// inert rather than taking the screen down with it.
const Drawer = lazy<ComponentType<DrawerProps>>(() =>
  loadDrawer().catch(() => ({ default: () => null })),
);

/**
 * The drawer's trigger, rendered at once, and the drawer itself (a Radix dialog), fetched when
 * the trigger is first pointed at, touched or focused — so the first screen does not carry it and
 * the click that opens it finds it loaded.
 */
export function LazyDrawer({
  trigger,
  ...props
}: Omit<DrawerProps, 'trigger'> & {
  trigger: (button: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'dialog';
    'aria-expanded': boolean;
    onClick: () => void;
    onPointerEnter: () => void;
    onFocus: () => void;
    onTouchStart: () => void;
  }) => ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so that closing plays its animation.
  const [used, setUsed] = useState(false);
  const warm = () => void loadDrawer().catch(() => {});
  return (
    <>
      {trigger({
        ref: button,
        'aria-haspopup': 'dialog',
        'aria-expanded': props.open,
        onClick: () => {
          setUsed(true);
          props.onOpenChange(!props.open);
        },
        onPointerEnter: warm,
        onFocus: warm,
        onTouchStart: warm,
      })}
      {used && (
        <Suspense fallback={null}>
          <Drawer {...props} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
