import type { GenerationRecord } from '@kadr/contract';
import { paths } from '@kadr/contract';
import { useNavigate } from 'react-router';
import type { ReusableSettings, StudioHandoff } from './handoff';
import { reuseEditHref, toolOf } from './lineage';

function settingsOf(record: GenerationRecord): ReusableSettings {
  const input = record.jsondata.input ?? {};
  return {
    model: record.model,
    prompt: record.jsondata.prompt ?? '',
    parameters: input,
    translatePrompt: record.jsondata.translate_prompt,
    ...(record.jsondata.elements?.length
      ? { elements: record.jsondata.elements.map((element) => element.id) }
      : {}),
  };
}

/** The first output's absolute URL, which the server accepts as an input image of its owner. */
export function animatableImage(record: GenerationRecord): string | undefined {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('image/'));
  return file ? new URL(file.url, window.location.origin).href : undefined;
}

/**
 * 'Reuse settings' and 'Animate': open the studio with the form filled in. A finishing tool's run
 * is repeated in the tools workspace instead (`/tools?reuse=<id>`), which reads it by its id.
 */
export function useStudioHandoff() {
  const navigate = useNavigate();
  return {
    reuse: (record: GenerationRecord) => {
      if (toolOf(record)) {
        void navigate(reuseEditHref(record.id));
        return;
      }
      const state: StudioHandoff = { kind: 'reuse', settings: settingsOf(record) };
      void navigate(paths.studio, { state });
    },
    animate: (imageUrl: string) => {
      const state: StudioHandoff = { kind: 'animate', imageUrl };
      void navigate(paths.studio, { state });
    },
  };
}
