import '~/locales/app-tools';
import type { FrameLayout, ParamValue, ToolDefinition } from '@kadr/catalog';
import { useId, useRef } from 'react';
import type { ToolSource } from '~/features/generations/tools/tool-run';
import { useTranslation } from '~/lib/use-translation';
import { dragPosition, nudgePosition, originalBox, type Position } from '../frame';
import { capturePointer } from '../tool-state';

/**
 * A tool's new frame: its shape with the original where the tool's `frame.layout` puts it (the
 * same layout the server sends), the free room striped. The original is dragged with a mouse
 * or a finger, or moved with the arrow keys, which sets the position parameters.
 */
export function FrameEditor({
  source,
  layoutOf,
  values,
  position,
  onMove,
}: {
  source: ToolSource;
  layoutOf: NonNullable<ToolDefinition['frame']>['layout'];
  values: Readonly<Record<string, ParamValue>>;
  position: Position;
  onMove: (next: Position) => void;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: Position; layout: FrameLayout } | null>(null);
  const layout = layoutOf(values, source);
  const box = originalBox(layout);
  const ratio = layout.canvas.width / layout.canvas.height;

  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-fg">{t('tools.frame.label')}</p>
      <div
        ref={frame}
        data-frame=""
        className="relative mx-auto max-w-full overflow-hidden rounded-xl border-2 border-dashed border-accent-soft/70 bg-[repeating-linear-gradient(45deg,rgb(255_255_255/0.08)_0_10px,transparent_10px_20px)]"
        style={{ aspectRatio: `${ratio}`, width: `min(100%, calc(55vh * ${ratio}))` }}
      >
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('tools.frame.original')}
          aria-describedby={`${ids}-hint`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={position.x}
          aria-valuetext={t('tools.frame.valueText', position)}
          aria-orientation="horizontal"
          data-frame-original=""
          className="absolute cursor-move outline-offset-2 ring-2 ring-white/80 select-none focus-visible:outline-3 focus-visible:outline-accent-soft"
          style={{
            left: `${box.left}%`,
            top: `${box.top}%`,
            width: `${box.width}%`,
            height: `${box.height}%`,
            touchAction: 'none',
          }}
          onKeyDown={(event) => {
            const next = nudgePosition(position, event);
            if (!next) return;
            event.preventDefault();
            onMove(next);
          }}
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.preventDefault();
            capturePointer(event.currentTarget, event.pointerId);
            event.currentTarget.focus();
            drag.current = { x: event.clientX, y: event.clientY, start: position, layout };
          }}
          onPointerMove={(event) => {
            const started = drag.current;
            const width = frame.current?.getBoundingClientRect().width;
            if (!started || !width) return;
            onMove(
              dragPosition(
                started.start,
                { dx: event.clientX - started.x, dy: event.clientY - started.y },
                started.layout,
                width,
              ),
            );
          }}
          onPointerUp={() => {
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
        >
          <img
            src={source.url}
            alt=""
            draggable={false}
            className="pointer-events-none size-full object-fill"
          />
        </div>
      </div>
      <p id={`${ids}-hint`} className="text-xs text-fg-muted">
        {t('tools.frame.hint')} {t('tools.frame.free')}.
      </p>
      <p className="text-xs text-fg-muted tabular-nums">{t('tools.frame.size', layout.canvas)}</p>
    </div>
  );
}
