import type { GenerationRecord } from '@kadr/contract';
import { clsx } from 'clsx';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { onDemand } from '~/components/on-demand';
import { buttonClasses } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { editableImage } from '../lineage';
import type { EditListProps } from '../tools/components/edit-list';

/**
 * The list of tools with their prices: the catalogue's tool entries and prices, which a screen's
 * first load does not carry (ADR 042), fetched at the first sign of use of the page.
 */
const EditList = onDemand<EditListProps>(
  () => import('../tools/components/edit-list').then((module) => module.EditList),
  (props) => props.open,
);

const menuWidth = 288;
const margin = 8;

/** Where the list stands: fixed to the window, so no card's overflow clips it. */
type Place = { left: number; top?: number; bottom?: number };

function placeBelowOrAbove(button: HTMLElement, preferUp: boolean): Place {
  const box = button.getBoundingClientRect();
  const left = Math.max(margin, Math.min(box.left, window.innerWidth - menuWidth - margin));
  const roomBelow = window.innerHeight - box.bottom;
  // About the list's height: five tools, a heading and the last link.
  const up = preferUp
    ? box.top > 320 || box.top > roomBelow
    : roomBelow < 320 && box.top > roomBelow;
  return up
    ? { left, bottom: window.innerHeight - box.top + margin }
    : { left, top: box.bottom + margin };
}

/**
 * 'Edit' on a finished image: a disclosure listing the finishing tools from the catalogue, each
 * with what it costs on this picture at its defaults, each a link to the tools workspace on this
 * result (`/tools?tool=…&from=…`), and a last link that lets the workspace ask which tool. Escape,
 * a click elsewhere or a scroll folds it; Escape gives focus back to the button. The list opens
 * below the button, or above it where there is more room there (`up` prefers above: the viewer's
 * footer sits at the bottom of the screen).
 */
export function EditMenu({
  record,
  placement = 'down',
}: {
  record: GenerationRecord;
  placement?: 'up' | 'down';
}) {
  const { t } = useTranslation('app');
  const [place, setPlace] = useState<Place | null>(null);
  const open = place !== null;
  const setOpen = (next: boolean) =>
    setPlace(next && button.current ? placeBelowOrAbove(button.current, placement === 'up') : null);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const image = editableImage(record);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => !root.current?.contains(event.target as Node);
    const away = (event: Event) => {
      if (outside(event)) setPlace(null);
    };
    const fold = () => setPlace(null);
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || outside(event)) return;
      setPlace(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', onEscape);
    window.addEventListener('resize', fold);
    // A scroll of the page (not of the list) would leave the fixed list behind its button.
    const scrolled = (event: Event) => {
      if (outside(event)) fold();
    };
    document.addEventListener('scroll', scrolled, true);
    return () => {
      window.removeEventListener('resize', fold);
      document.removeEventListener('scroll', scrolled, true);
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  if (!image) return null;

  return (
    <div ref={root} className="relative" data-edit-menu={open ? 'open' : 'closed'}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <SlidersHorizontal aria-hidden="true" />
        {t('edit.action')}
        <ChevronDown
          aria-hidden="true"
          className={clsx(
            'transition-transform motion-reduce:transition-none',
            open && 'rotate-180',
          )}
        />
      </button>
      <div
        id={listId}
        hidden={!open}
        style={place ?? undefined}
        className="fixed z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-surface-raised p-1 text-fg shadow-xl"
      >
        <EditList record={record} image={image} open={open} />
      </div>
    </div>
  );
}
