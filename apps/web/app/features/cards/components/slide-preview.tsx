import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { slidePreviewUrl } from '../api';

/**
 * A slide as the server renders it (free, no AI), `width` pixels wide: it keeps its place at the
 * preset's ratio while it loads, and says so quietly if it cannot be drawn.
 */
export function SlidePreview({
  setId,
  index,
  width,
  version,
  ratio,
  alt,
  lazy = false,
  className,
}: {
  setId: string;
  index: number;
  width: number;
  version: string;
  ratio: { w: number; h: number };
  alt: string;
  lazy?: boolean;
  className?: string;
}) {
  const src = slidePreviewUrl(setId, index, width, version);
  const [state, setState] = useState<{ src: string; loaded: boolean; failed: boolean }>({
    src,
    loaded: false,
    failed: false,
  });
  // A new address starts loading again (the last picture stays until the new one is in).
  const current = state.src === src ? state : { src, loaded: false, failed: false };
  return (
    <div
      className={clsx(
        'relative overflow-hidden rounded-lg border border-line bg-surface',
        !current.loaded &&
          !current.failed &&
          'animate-shimmer bg-[linear-gradient(90deg,#18181b_0%,#27272a_50%,#18181b_100%)] bg-[length:200%_100%]',
        className,
      )}
      style={{ aspectRatio: `${ratio.w} / ${ratio.h}` }}
      data-slide-preview={index}
      data-loaded={current.loaded ? '' : undefined}
    >
      {current.failed ? (
        <div className="flex size-full items-center justify-center text-fg-muted">
          <ImageOff aria-hidden="true" className="size-5" />
        </div>
      ) : null}
      <img
        src={src}
        alt={alt}
        width={ratio.w * 100}
        height={ratio.h * 100}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        onLoad={() => setState({ src, loaded: true, failed: false })}
        onError={() => setState({ src, loaded: false, failed: true })}
        className={clsx('size-full object-contain', current.failed && 'hidden')}
      />
    </div>
  );
}
