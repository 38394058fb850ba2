import type { GenerationRecord } from '@kadr/contract';
import { paths } from '@kadr/contract';
import {
  Clapperboard,
  Download,
  ExternalLink,
  FastForward,
  RotateCcw,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { useTranslation } from '~/lib/use-translation';
import { animatableImage, continuableClip, useStudioHandoff } from '../reuse';
import { EditMenu } from './edit-menu';

/**
 * Open, download, 'Edit' (a finished image: the finishing tools), 'Reuse settings', (images)
 * 'Animate' and (videos) 'Continue' and 'Add to montage' for a generation. `editPlacement`: where
 * the Edit list opens.
 */
export function GenerationActions({
  record,
  withOpen = true,
  editPlacement,
}: {
  record: GenerationRecord;
  withOpen?: boolean;
  editPlacement?: 'up' | 'down';
}) {
  const { t, i18n } = useTranslation('app');
  const handoff = useStudioHandoff();
  const file = record.expand.output_files[0];
  const image = animatableImage(record);
  const clip = continuableClip(record, i18n.language);
  return (
    <div className="flex flex-wrap gap-2">
      {file && withOpen ? (
        <a
          href={file.url}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <ExternalLink aria-hidden="true" />
          {t('generation.open')}
        </a>
      ) : null}
      {file ? (
        <a
          href={file.download_url}
          // The server names the file (model, prompt, moment) in Content-Disposition.
          download
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          {t('generation.download')}
        </a>
      ) : null}
      <EditMenu record={record} placement={editPlacement} />
      <Button variant="secondary" size="sm" onClick={() => handoff.reuse(record)}>
        <RotateCcw aria-hidden="true" />
        {t('generation.reuse')}
      </Button>
      {image ? (
        <Button variant="secondary" size="sm" onClick={() => handoff.animate(image)}>
          <Sparkles aria-hidden="true" />
          {t('generation.animate')}
        </Button>
      ) : null}
      {clip ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => handoff.extend(clip)}>
            <FastForward aria-hidden="true" />
            {t('generation.continue')}
          </Button>
          <Link
            to={`${paths.montage}?${new URLSearchParams({ clips: clip.id })}`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Clapperboard aria-hidden="true" />
            {t('generation.toMontage')}
          </Link>
        </>
      ) : null}
    </div>
  );
}
