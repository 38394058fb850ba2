// Shapes shared by the finishing tools (ADR 038): the source picture and sizes measured in pixels.
import { acceptedImageTypes } from '../../images.ts';
import type { Localized, ParameterDefinition, ParamValue, Size } from '../../types.ts';

/** The largest result any tool makes: 36 MP (6000 × 6000), well within what providers return. */
export const maxToolOutputPixels = 36_000_000;

/** The picture a tool works on: a result or an upload of the person's own; required. */
export function sourceImage(name: string, description: Localized): ParameterDefinition {
  return {
    name,
    type: 'file',
    label: { en: 'Picture', ru: 'Картинка' },
    description,
    accept: acceptedImageTypes,
    required: true,
    default: null,
    order: 0,
    group: 'basic',
  };
}

/** The same size: tools that change pixels, not the frame. */
export function sameSize(_parameters: Readonly<Record<string, ParamValue>>, source: Size): Size {
  return { width: source.width, height: source.height };
}

/** A number parameter's value, or its fallback when absent or not a number. */
export function numberOf(
  parameters: Readonly<Record<string, ParamValue>>,
  name: string,
  fallback: number,
): number {
  const value = parameters[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
