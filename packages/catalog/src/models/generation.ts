import { deepFreeze } from '../freeze.ts';
import type { ModelDefinition } from '../types.ts';
import { fluxKontextPro } from './flux-kontext-pro.ts';
import { hunyuan } from './hunyuan.ts';
import { imagen4Ultra } from './imagen-4-ultra.ts';
import { nanoBanana } from './nano-banana.ts';
import { omniHuman } from './omni-human.ts';
import { qwenImage } from './qwen-image.ts';
import { seedanceLite } from './seedance-lite.ts';
import { seedancePro } from './seedance-pro.ts';
import { seedream3 } from './seedream-3.ts';
import { seedream4 } from './seedream-4.ts';
import { veo2 } from './veo2.ts';
import { veo3 } from './veo3.ts';
import { veo3Fast } from './veo3-fast.ts';

/**
 * The models the studio offers for a new picture or video, in display order: image models, then
 * video models, as spec §3 lists them, each kind followed by those added since (ADR 044). A list of its own, apart from the tools, so that a screen
 * reading only these loads no tool's entry (ADR 042).
 */
export const generationModels: readonly ModelDefinition[] = deepFreeze([
  seedream3,
  imagen4Ultra,
  fluxKontextPro,
  qwenImage,
  seedream4,
  nanoBanana,
  hunyuan,
  seedancePro,
  seedanceLite,
  veo3,
  veo3Fast,
  veo2,
  omniHuman,
]);
