import type { GenerationRecord, Language } from '@kadr/contract';
import { paths } from '@kadr/contract';
import { useNavigate } from 'react-router';
import type { ReusableSettings, StudioHandoff } from './handoff';
import { captionOf, reuseEditHref, toolOf } from './lineage';

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
    ...(record.jsondata.style ? { style: record.jsondata.style } : {}),
  };
}

/** The first output's absolute URL, which the server accepts as an input image of its owner. */
export function animatableImage(record: GenerationRecord): string | undefined {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('image/'));
  return file ? new URL(file.url, window.location.origin).href : undefined;
}

/** A finished video as 'Continue' hands it to the studio (ADR 047), or undefined. */
export function continuableClip(
  record: GenerationRecord,
  language: Language,
): Extract<StudioHandoff, { kind: 'extend' }>['clip'] | undefined {
  if (record.type !== 'video' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('video/'));
  if (!file) return undefined;
  return { id: record.id, poster: file.thumbnail, caption: captionOf(record, language) };
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
    /** 'Continue': a video model goes on from the clip's last frame. */
    extend: (clip: Extract<StudioHandoff, { kind: 'extend' }>['clip']) => {
      const state: StudioHandoff = { kind: 'extend', clip };
      void navigate(paths.studio, { state });
    },
  };
}
