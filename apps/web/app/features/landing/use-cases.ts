import { paths, useCasePaths } from '@kadr/contract';
import {
  Aperture,
  BadgeCheck,
  Camera,
  Clapperboard,
  Clock,
  Coins,
  Film,
  Gem,
  Image as ImageIcon,
  Images,
  LayoutGrid,
  type LucideIcon,
  MapPin,
  Palette,
  Play,
  Rocket,
  Shirt,
  ShoppingBag,
  Sparkles,
  SunMedium,
  Users,
  Wand,
  WandSparkles,
  Wind,
} from 'lucide-react';
import { type HeroImages, heroImages, type ImageAsset, samples } from './images';

export type UseCaseId = 'smm' | 'marketplace' | 'inspiration' | 'livingPhoto' | 'influencer';

/** The five feature items of a use-case page, in order (translations `useCases.<id>.features.<n>`). */
export const featureNumbers = ['1', '2', '3', '4', '5'] as const;

type UseCase = {
  id: UseCaseId;
  path: (typeof useCasePaths)[number];
  /** The showcase block's and the 'more use cases' card's picture. */
  sample: ImageAsset;
  hero: HeroImages;
  /** One icon per feature item. */
  icons: Record<(typeof featureNumbers)[number], LucideIcon>;
};

const byPath: Record<(typeof useCasePaths)[number], UseCase> = {
  [paths.smm]: {
    id: 'smm',
    path: paths.smm,
    sample: samples.smm,
    hero: heroImages.smm,
    icons: { 1: LayoutGrid, 2: ImageIcon, 3: Film, 4: Sparkles, 5: Clock },
  },
  [paths.marketplace]: {
    id: 'marketplace',
    path: paths.marketplace,
    sample: samples.marketplace,
    hero: heroImages.marketplace,
    icons: { 1: Camera, 2: ShoppingBag, 3: BadgeCheck, 4: Images, 5: Coins },
  },
  [paths.inspiration]: {
    id: 'inspiration',
    path: paths.inspiration,
    sample: samples.inspiration,
    hero: heroImages.inspiration,
    icons: { 1: LayoutGrid, 2: Palette, 3: Users, 4: SunMedium, 5: Rocket },
  },
  [paths.livingPhoto]: {
    id: 'livingPhoto',
    path: paths.livingPhoto,
    sample: samples.livingPhoto,
    hero: heroImages.livingPhoto,
    icons: { 1: Play, 2: Clapperboard, 3: Wind, 4: Gem, 5: WandSparkles },
  },
  [paths.influencer]: {
    id: 'influencer',
    path: paths.influencer,
    sample: samples.influencer,
    hero: heroImages.influencer,
    icons: { 1: Aperture, 2: MapPin, 3: Shirt, 4: Film, 5: Wand },
  },
};

/** The use-case pages in footer order. */
export const useCases: UseCase[] = useCasePaths.map((path) => byPath[path]);

export function useCaseById(id: UseCaseId): UseCase {
  const found = useCases.find((useCase) => useCase.id === id);
  if (!found) throw new Error(`unknown use case ${id}`);
  return found;
}

/** The landing's showcase blocks: one per use case, the picture side alternating. */
export const showcase = useCases.map((useCase, index) => ({
  ...useCase,
  reverse: index % 2 === 1,
}));
