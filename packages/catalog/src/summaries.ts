import { deepFreeze } from './freeze.ts';
import type { Localized, ModelType } from './types.ts';

/**
 * What any screen may say about a model without loading its entry: a history card's "Seedream 3"
 * or "Remove background", a statement line. The entries (models/) are the source; this is their
 * light copy, which every signed-in screen carries while only the screens that run models load the
 * entries (ADR 042). `summaries.test.ts` fails when the two differ, naming the model.
 */
export type ModelSummary = {
  id: string;
  type: ModelType;
  /** The entry's `name`. */
  name: string;
  /** A finishing tool's `title` and `sourceParam` (ADR 038). */
  tool?: { title: Localized; sourceParam: string };
  /** Kadr's own work, not a hosted model (joins.ts, ADR 047): what the person sees. */
  own?: { title: Localized };
};

const tool = (en: string, ru: string): ModelSummary['tool'] => ({
  title: { en, ru },
  sourceParam: 'image',
});

/** Every model, in the catalogue's order (models/index.ts). */
export const modelSummaries: readonly ModelSummary[] = deepFreeze([
  { id: 'seedream-3', type: 'image', name: 'Seedream 3' },
  { id: 'imagen-4-ultra', type: 'image', name: 'Imagen 4 Ultra' },
  { id: 'flux-kontext-pro', type: 'image', name: 'FLUX.1 Kontext Pro' },
  { id: 'qwen-image', type: 'image', name: 'Qwen Image' },
  { id: 'seedream-4', type: 'image', name: 'Seedream 4' },
  { id: 'nano-banana', type: 'image', name: 'Nano Banana' },
  { id: 'hunyuan', type: 'video', name: 'HunyuanVideo' },
  { id: 'seedance-pro', type: 'video', name: 'Seedance 1 Pro' },
  { id: 'seedance-lite', type: 'video', name: 'Seedance 1 Lite' },
  { id: 'veo3', type: 'video', name: 'Veo 3' },
  { id: 'veo3-fast', type: 'video', name: 'Veo 3 Fast' },
  { id: 'veo2', type: 'video', name: 'Veo 2' },
  { id: 'omni-human', type: 'video', name: 'OmniHuman 1.5' },
  { id: 'upscale', type: 'image', name: 'Real-ESRGAN', tool: tool('Upscale', 'Увеличить') },
  {
    id: 'remove-background',
    type: 'image',
    name: 'Bria RMBG 2.0',
    tool: tool('Remove background', 'Убрать фон'),
  },
  {
    id: 'replace-background',
    type: 'image',
    name: 'Bria Background Generation',
    tool: tool('Replace background', 'Заменить фон'),
  },
  {
    id: 'expand',
    type: 'image',
    name: 'Bria Expand',
    tool: tool('Expand the frame', 'Расширить кадр'),
  },
  {
    id: 'inpaint',
    type: 'image',
    name: 'FLUX.1 Fill [pro]',
    tool: tool('Fix a region', 'Исправить область'),
  },
  { id: 'flux-character', type: 'image', name: 'FLUX.1 [dev] LoRA' },
  { id: 'flux-dev', type: 'image', name: 'FLUX.1 [dev]' },
]);

/** Kadr's own work on results (joins.ts): no model runs it, but its results name it. */
export const ownWorkSummaries: readonly ModelSummary[] = deepFreeze([
  {
    id: 'join',
    type: 'video',
    name: 'Kadr',
    own: { title: { en: 'Joined clips', ru: 'Склейка роликов' } },
  },
]);

export function getModelSummary(id: string): ModelSummary | undefined {
  return (
    modelSummaries.find((summary) => summary.id === id) ??
    ownWorkSummaries.find((summary) => summary.id === id)
  );
}

/** A model's display name; its id when the catalogue does not know it (a retired model). */
export function modelName(id: string): string {
  return getModelSummary(id)?.name ?? id;
}
