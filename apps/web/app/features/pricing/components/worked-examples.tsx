import '~/locales/app';
import '~/locales/app-pricing';
import { type WorkedExample, workedExamples } from '@kadr/catalog';
import { Calculator } from 'lucide-react';
import { useTranslation } from '~/lib/use-translation';

/** Costs worked out from the catalogue, and what a package buys. */
export function WorkedExamples({ packageTokens }: { packageTokens: number | undefined }) {
  const { t } = useTranslation('app');
  const tokens = (count: number) => t('pricing.tokens', { count });
  const sentence = (example: WorkedExample): string => {
    switch (example.kind) {
      case 'image':
        return t('pricing.examples.image', { model: example.model, cost: tokens(example.tokens) });
      case 'video':
        return t('pricing.examples.video', {
          seconds: example.seconds,
          resolution: example.resolution,
          model: example.model,
          cost: tokens(example.tokens),
        });
      case 'package':
        return t('pricing.examples.package', {
          tokens: tokens(example.packageTokens),
          images: t('pricing.examples.images', { count: example.images }),
          imageModel: example.imageModel,
          videos: t('pricing.examples.videos', { count: example.videos }),
          seconds: example.video.seconds,
          resolution: example.video.resolution,
          videoModel: example.video.model,
        });
    }
  };
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {workedExamples(packageTokens).map((example) => (
        <li
          key={`${example.kind}-${'model' in example ? example.model : example.packageTokens}`}
          className="flex items-start gap-3 rounded-2xl border border-line bg-surface-raised/40 p-4 text-sm text-fg"
        >
          <Calculator aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-soft" />
          {sentence(example)}
        </li>
      ))}
    </ul>
  );
}
