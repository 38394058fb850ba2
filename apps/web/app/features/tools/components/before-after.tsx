import '~/locales/app-tools';
import { useId, useState } from 'react';
import { useTranslation } from '~/lib/use-translation';
import type { Box } from '../frame';

/** The whole frame: the source covers the result exactly (every tool but expand). */
const fullFrame: Box = { left: 0, top: 0, width: 100, height: 100 };

/**
 * The result with the source over its left part, split where the slider says (a range input over
 * the picture: dragged with a pointer anywhere on it, moved with the arrow keys). A transparent
 * result shows a checkerboard through it.
 */
export function BeforeAfter({
  before,
  after,
  afterAlt,
  ratio,
  beforeBox = fullFrame,
}: {
  before: string;
  after: string;
  afterAlt: string;
  /** The result's width / height. */
  ratio: number;
  /** Where the source sits in the result's frame, in per cent. */
  beforeBox?: Box;
}) {
  const { t } = useTranslation('app');
  const id = useId();
  const [split, setSplit] = useState(50);
  return (
    <figure className="space-y-2">
      <div
        data-before-after=""
        className="relative mx-auto max-w-full overflow-hidden rounded-xl border border-line bg-[conic-gradient(#9ca3af_25%,#e5e7eb_0_50%,#9ca3af_0_75%,#e5e7eb_0)] bg-[length:24px_24px] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-soft"
        style={{ aspectRatio: `${ratio}`, width: `min(100%, calc(65vh * ${ratio}))` }}
      >
        <img src={after} alt={afterAlt} className="absolute inset-0 size-full" />
        <div
          aria-hidden="true"
          className="absolute inset-0"
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
        >
          <img
            src={before}
            alt=""
            className="absolute"
            style={{
              left: `${beforeBox.left}%`,
              top: `${beforeBox.top}%`,
              width: `${beforeBox.width}%`,
              height: `${beforeBox.height}%`,
            }}
          />
        </div>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.5)]"
          style={{ left: `${split}%` }}
        >
          <span className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-black/60" />
        </div>
        <span className="pointer-events-none absolute top-2 left-2 rounded-md bg-black/70 px-2 py-0.5 text-xs text-white">
          {t('tools.result.before')}
        </span>
        <span className="pointer-events-none absolute top-2 right-2 rounded-md bg-black/70 px-2 py-0.5 text-xs text-white">
          {t('tools.result.after')}
        </span>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          aria-label={t('tools.result.compare')}
          aria-valuetext={t('tools.result.compareValue', { value: split })}
          onChange={(event) => setSplit(Number(event.currentTarget.value))}
          className="absolute inset-0 size-full cursor-ew-resize opacity-0"
          style={{ touchAction: 'pan-y' }}
        />
      </div>
    </figure>
  );
}
