import { paths, useCasePaths } from '@kadr/contract';

export type UseCaseId = 'smm' | 'marketplace' | 'inspiration' | 'livingPhoto' | 'influencer';

const idByPath: Record<(typeof useCasePaths)[number], UseCaseId> = {
  [paths.smm]: 'smm',
  [paths.marketplace]: 'marketplace',
  [paths.inspiration]: 'inspiration',
  [paths.livingPhoto]: 'livingPhoto',
  [paths.influencer]: 'influencer',
};

/** The use-case pages in footer order, with their translation ids. */
export const useCases = useCasePaths.map((path) => ({ path, id: idByPath[path] }));
