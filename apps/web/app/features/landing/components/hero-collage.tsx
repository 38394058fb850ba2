import type { HeroImages, ImageAsset } from '../images';
import { Picture } from './picture';

export type HeroPicture = { image: ImageAsset; alt: string };

/** A hero's four pictures, laid out as an overlapping collage in a box of fixed proportions. */
export function HeroCollage({
  serviceImage,
  secondaryImage,
  topSecondaryImage,
  bottomSecondaryImage,
}: Record<keyof HeroImages, HeroPicture>) {
  const card = 'absolute h-auto rounded-2xl shadow-2xl shadow-black/50 ring-1 ring-white/10';
  return (
    <div className="relative mx-auto aspect-[6/7] w-full max-w-[26rem]">
      <div
        aria-hidden="true"
        className="absolute inset-[12%] rounded-full bg-[radial-gradient(closest-side,rgba(139,92,246,0.45),transparent)] blur-2xl"
      />
      <Picture
        image={serviceImage.image}
        alt={serviceImage.alt}
        priority
        className={`${card} top-[5%] left-[17%] w-[60%] rounded-3xl`}
      />
      <Picture
        image={topSecondaryImage.image}
        alt={topSecondaryImage.alt}
        priority
        className={`${card} top-0 right-0 w-[30%] rotate-6`}
      />
      <Picture
        image={secondaryImage.image}
        alt={secondaryImage.alt}
        priority
        className={`${card} bottom-[3%] left-0 w-[36%] -rotate-6`}
      />
      <Picture
        image={bottomSecondaryImage.image}
        alt={bottomSecondaryImage.alt}
        priority
        className={`${card} right-[2%] bottom-0 w-[32%] rotate-3`}
      />
    </div>
  );
}
