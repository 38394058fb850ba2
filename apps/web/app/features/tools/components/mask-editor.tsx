import '~/locales/app-tools';
import { clsx } from 'clsx';
import { Eraser, Paintbrush, Trash2, Undo2 } from 'lucide-react';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import type { ToolSource } from '~/features/generations/tools/tool-run';
import { useTranslation } from '~/lib/use-translation';
import {
  brushRadius,
  brushSizes,
  type MaskAction,
  type MaskState,
  maskKeyAction,
  type Point,
} from '../mask';
import { capturePointer } from '../tool-state';

/** The overlay's own resolution: enough to see the strokes, never the whole source's pixels. */
const overlayLongSide = 1024;

function drawStrokes(canvas: HTMLCanvasElement, state: MaskState) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const scale = canvas.width / state.source.width;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of state.strokes) {
    context.globalCompositeOperation = stroke.erase ? 'destination-out' : 'source-over';
    context.fillStyle = 'rgb(244 63 94)';
    context.strokeStyle = 'rgb(244 63 94)';
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    context.beginPath();
    context.arc(first.x * scale, first.y * scale, stroke.radius * scale, 0, Math.PI * 2);
    context.fill();
    if (rest.length > 0) {
      context.lineWidth = stroke.radius * 2 * scale;
      context.beginPath();
      context.moveTo(first.x * scale, first.y * scale);
      for (const point of rest) context.lineTo(point.x * scale, point.y * scale);
      context.stroke();
    }
  }
  context.globalCompositeOperation = 'source-over';
}

/**
 * The region-fix mask editor: the picture with a canvas on top to paint on with a mouse, pen or
 * finger (pointer events; the canvas takes no scrolling gestures) or the keyboard (a visible brush
 * that arrows move). The strokes live in `state` (mask.ts), in the source's own pixels.
 */
export function MaskEditor({
  source,
  state,
  dispatch,
  error,
}: {
  source: ToolSource;
  state: MaskState;
  dispatch: (action: MaskAction) => void;
  error?: string;
}) {
  const { t } = useTranslation('app');
  const ids = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [hover, setHover] = useState<Point | null>(null);
  const [focused, setFocused] = useState(false);
  const ratio = source.width / source.height;
  const overlayScale = Math.min(1, overlayLongSide / Math.max(source.width, source.height));
  const overlay = {
    width: Math.max(1, Math.round(source.width * overlayScale)),
    height: Math.max(1, Math.round(source.height * overlayScale)),
  };

  useEffect(() => {
    if (canvas.current) drawStrokes(canvas.current, state);
  }, [state]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * source.width,
      y: ((event.clientY - rect.top) / rect.height) * source.height,
    };
  };

  const cursor = hover ?? (focused ? state.cursor : null);
  const radius = brushRadius(state);
  const strokes = state.strokes.length;

  return (
    <div className="space-y-3">
      <p id={`${ids}-label`} className="text-sm font-medium text-fg">
        {t('tools.mask.label')}
      </p>
      <div
        role="application"
        aria-label={t('tools.mask.canvas')}
        aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: painted with the keyboard too (role application)
        tabIndex={0}
        data-mask-editor=""
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          const action = maskKeyAction(event, source);
          if (!action) return;
          event.preventDefault();
          setHover(null);
          dispatch(action);
        }}
        className="relative mx-auto max-w-full overflow-hidden rounded-xl border border-line bg-black/40 outline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-soft"
        style={{
          aspectRatio: `${source.width} / ${source.height}`,
          width: `min(100%, calc(60vh * ${ratio}))`,
        }}
      >
        <img
          src={source.url}
          alt={t('tools.picture.alt')}
          className="absolute inset-0 size-full select-none"
          draggable={false}
        />
        <canvas
          ref={canvas}
          width={overlay.width}
          height={overlay.height}
          data-mask-canvas=""
          data-strokes={strokes}
          className="absolute inset-0 size-full cursor-crosshair opacity-60"
          style={{ touchAction: 'none' }}
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.preventDefault();
            capturePointer(event.currentTarget, event.pointerId);
            drawing.current = true;
            dispatch({ type: 'begin', at: pointAt(event) });
          }}
          onPointerMove={(event) => {
            const at = pointAt(event);
            if (event.pointerType === 'mouse') setHover(at);
            if (drawing.current) dispatch({ type: 'extend', at });
          }}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
          onPointerLeave={() => setHover(null)}
        />
        {cursor ? (
          <div
            aria-hidden="true"
            data-brush-cursor=""
            className={clsx(
              'pointer-events-none absolute rounded-full border-2 shadow-[0_0_0_1px_rgb(0_0_0/0.7)]',
              state.erase ? 'border-dashed border-white' : 'border-white',
            )}
            style={{
              left: `${(cursor.x / source.width) * 100}%`,
              top: `${(cursor.y / source.height) * 100}%`,
              width: `${((radius * 2) / source.width) * 100}%`,
              aspectRatio: '1',
              transform: 'translate(-50%, -50%)',
            }}
          />
        ) : null}
      </div>
      <p id={`${ids}-hint`} className="text-xs text-fg-muted">
        {t('tools.mask.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex min-w-0 basis-full items-center gap-3 text-sm text-fg">
          <span className="shrink-0">{t('tools.mask.size')}</span>
          <input
            type="range"
            min={brushSizes.min}
            max={brushSizes.max}
            step={brushSizes.step}
            value={state.size}
            onChange={(event) =>
              dispatch({ type: 'size', size: Number(event.currentTarget.value) })
            }
            className="h-11 min-w-0 flex-1 accent-accent"
          />
          <output className="w-8 shrink-0 text-right tabular-nums">{state.size}</output>
        </label>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={state.erase}
            onClick={() => dispatch({ type: 'erase', on: !state.erase })}
            className={clsx(state.erase && 'border-accent-soft bg-accent/20')}
          >
            {state.erase ? <Eraser aria-hidden="true" /> : <Paintbrush aria-hidden="true" />}
            {t('tools.mask.eraser')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={state.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          >
            <Undo2 aria-hidden="true" />
            {t('tools.mask.undo')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={strokes === 0}
            onClick={() => dispatch({ type: 'clear' })}
          >
            <Trash2 aria-hidden="true" />
            {t('tools.mask.clear')}
          </Button>
        </div>
      </div>
      <p className="text-xs text-fg-muted" aria-live="polite">
        {strokes > 0 ? t('tools.mask.strokes', { count: strokes }) : t('tools.mask.none')}
      </p>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
