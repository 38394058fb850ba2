import type { ImageAsset } from '../images';

type PictureProps = {
  image: ImageAsset;
  alt: string;
  className?: string;
  /** In the first screen: load at once, ahead of other pictures. */
  priority?: boolean;
};

/** An AVIF picture with a WebP fallback, its size declared so nothing shifts while it loads. */
export function Picture({ image, alt, className, priority = false }: PictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={`${image.src}.avif`} />
      <img
        src={`${image.src}.webp`}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
