import type { OutputFile } from '@kadr/contract';
import { Play } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';

/**
 * A video at thumbnail size: its poster, and the clip playing muted and looped while the pointer is
 * over it (or after a tap on a touch screen) — no player controls, no buffering spinner. The video
 * file loads only when it first plays.
 */
export function VideoPreview({
  file,
  alt,
  onTouchPlay,
}: {
  file: OutputFile;
  alt: string;
  /** A tap on a touch screen plays the clip; this says whether it was already playing. */
  onTouchPlay?: (wasPlaying: boolean) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  // Wanted: the pointer is over it (or it was tapped). Started: the video element exists (it is
  // rendered on the first wish, so the file loads only then). Playing: the element says it plays.
  const [wanted, setWanted] = useState(false);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (wanted) {
      element.play().then(
        () => setPlaying(!element.paused),
        () => setPlaying(false),
      );
    } else {
      element.pause();
      setPlaying(false);
    }
  }, [wanted]);

  const play = () => {
    setStarted(true);
    setWanted(true);
  };
  const stop = () => setWanted(false);

  return (
    <span
      className="relative block h-full w-full bg-black"
      data-video-preview
      data-playing={playing ? 'true' : 'false'}
      onPointerEnter={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') play();
      }}
      onPointerLeave={(event: PointerEvent) => {
        if (event.pointerType === 'mouse') stop();
      }}
      onPointerUp={(event: PointerEvent) => {
        if (event.pointerType !== 'touch') return;
        onTouchPlay?.(playing);
        if (!playing) play();
      }}
    >
      {file.thumbnail ? (
        <img
          src={file.thumbnail}
          alt={alt}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <span role="img" aria-label={alt} className="absolute inset-0" />
      )}
      {started ? (
        <video
          ref={video}
          src={file.url}
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
          className={`absolute inset-0 h-full w-full object-cover transition-opacity ${playing ? 'opacity-100' : 'opacity-0'}`}
        />
      ) : null}
      <span
        aria-hidden="true"
        className={`absolute bottom-2 left-2 inline-flex size-8 items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition-opacity ${playing ? 'opacity-0' : 'opacity-100'}`}
      >
        <Play className="size-4 translate-x-px fill-current" />
      </span>
    </span>
  );
}
