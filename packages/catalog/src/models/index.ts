import { deepFreeze } from '../freeze.ts';
import type { ModelDefinition } from '../types.ts';
import { fluxDev } from './flux-dev.ts';
import { fluxKontextPro } from './flux-kontext-pro.ts';
import { hunyuan } from './hunyuan.ts';
import { imagen4Ultra } from './imagen-4-ultra.ts';
import { qwenImage } from './qwen-image.ts';
import { seedanceLite } from './seedance-lite.ts';
import { seedancePro } from './seedance-pro.ts';
import { seedream3 } from './seedream-3.ts';
import { expand } from './tools/expand.ts';
import { inpaint } from './tools/inpaint.ts';
import { removeBackground } from './tools/remove-background.ts';
import { replaceBackground } from './tools/replace-background.ts';
import { upscale } from './tools/upscale.ts';
import { veo2 } from './veo2.ts';
import { veo3 } from './veo3.ts';
import { veo3Fast } from './veo3-fast.ts';

/**
 * Every model, in display order: image models, then video models, as spec §3 lists them; then the
 * finishing tools (ADR 038); the pricing-only flux-dev last. Frozen, so a consumer sorting or editing in place fails loudly.
 */
export const models: readonly ModelDefinition[] = deepFreeze([
  seedream3,
  imagen4Ultra,
  fluxKontextPro,
  qwenImage,
  hunyuan,
  seedancePro,
  seedanceLite,
  veo3,
  veo3Fast,
  veo2,
  upscale,
  removeBackground,
  replaceBackground,
  expand,
  inpaint,
  fluxDev,
]);
