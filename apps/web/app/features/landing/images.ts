// The landing pages' pictures: made for Kadr by apps/web/scripts/make-images.ts (npm run images
// -w @kadr/web), committed under public/, each as AVIF and WebP. Plain data with no imports, so
// that script can read it too.

export type ImageAsset = {
  /** Path without extension: `${src}.avif` and `${src}.webp` exist. */
  src: string;
  width: number;
  height: number;
};

export type UseCaseImageId = 'smm' | 'marketplace' | 'inspiration' | 'livingPhoto' | 'influencer';

const sample = (name: string): ImageAsset => ({ src: `/samples/${name}`, width: 400, height: 500 });

/** One sample per showcase block (spec: at most 400 px wide). */
export const samples: Record<UseCaseImageId, ImageAsset> = {
  smm: sample('social-post'),
  marketplace: sample('marketplace-cover'),
  inspiration: sample('moodboard'),
  livingPhoto: sample('living-portrait'),
  influencer: sample('ai-influencer'),
};

export type HeroImages = {
  serviceImage: ImageAsset;
  secondaryImage: ImageAsset;
  topSecondaryImage: ImageAsset;
  bottomSecondaryImage: ImageAsset;
};

function heroSet(name: string): HeroImages {
  return {
    serviceImage: { src: `/heroImages/${name}-service`, width: 480, height: 600 },
    secondaryImage: { src: `/heroImages/${name}-secondary`, width: 280, height: 350 },
    topSecondaryImage: { src: `/heroImages/${name}-top`, width: 240, height: 240 },
    bottomSecondaryImage: { src: `/heroImages/${name}-bottom`, width: 240, height: 240 },
  };
}

/** The four pictures of each use-case page's hero. */
export const heroImages: Record<UseCaseImageId, HeroImages> = {
  smm: heroSet('smm'),
  marketplace: heroSet('marketplace'),
  inspiration: heroSet('inspiration'),
  livingPhoto: heroSet('living-photo'),
  influencer: heroSet('influencer'),
};

/**
 * The /marketplace page's before and after, made by apps/web/scripts/marketplace-samples.ts (npm
 * run samples -w @kadr/web) through the demo pipeline: a product photo, then the Wildberries cards
 * Kadr renders from it, each as AVIF and WebP.
 */
export const marketplaceSamples = {
  photo: { src: '/samples/marketplace/photo', width: 600, height: 750 },
  main: { src: '/samples/marketplace/card-main', width: 600, height: 800 },
  features: { src: '/samples/marketplace/card-features', width: 600, height: 800 },
  inUse: { src: '/samples/marketplace/card-in-use', width: 600, height: 800 },
} as const satisfies Record<string, ImageAsset>;
