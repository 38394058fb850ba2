// The style presets' preview pictures (issue #49): drawn by apps/web/scripts/make-images.ts (npm
// run images -w @kadr/web, the scenes in scripts/style-scenes.ts), committed under
// public/styles as AVIF and WebP. Plain data with no imports, so that script reads it too; the
// catalogue's styles (@kadr/catalog) name the same ids, and a test keeps the two in step.

/** The styles that have a preview picture, in the catalogue's order. */
export const stylePreviewIds = [
  'product-white',
  'lifestyle',
  'flat-lay',
  'cinematic',
  'film-photo',
  'anime',
  'render-3d',
  'watercolor',
  'minimalism',
  'neon',
  'editorial-fashion',
  'food',
  'studio-portrait',
  'golden-hour',
  'black-white',
  'pastel',
  'vintage-poster',
  'oil-painting',
  'pixel-art',
  'cyberpunk',
  'isometric',
  'comic',
  'luxury',
  'ugc-phone',
] as const;

export type StylePreviewId = (typeof stylePreviewIds)[number];

/** Every preview's size: 4:5, twice a 160 px card for sharp screens. */
const width = 320;
const height = 400;

/** A style's preview: `${src}.avif` and `${src}.webp` exist for every id of `stylePreviewIds`. */
export function stylePreview(id: string): { src: string; width: number; height: number } {
  return { src: `/styles/${id}`, width, height };
}
