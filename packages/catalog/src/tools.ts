import type { FieldError, ModelDefinition, ParamValue, Size } from './types.ts';

/** A tool's result size for a source picture; null for a model that is not a tool. */
export function toolOutputSize(
  model: ModelDefinition,
  parameters: Readonly<Record<string, ParamValue>>,
  source: Size,
): Size | null {
  return model.tool === undefined ? null : model.tool.outputSize(parameters, source);
}

/**
 * The checks a tool can make only once the source picture's size is known (the server reads it
 * from the stored file after `validateRequest`): a result too large to make, a request that would
 * change nothing, or a picture that must match the source (a mask) and does not — `pictures` holds
 * the sizes of the request's other pictures by parameter. Empty for a model that is not a tool.
 */
export function checkToolSource(
  model: ModelDefinition,
  parameters: Readonly<Record<string, ParamValue>>,
  source: Size,
  pictures: Readonly<Record<string, Size>> = {},
): FieldError[] {
  const tool = model.tool;
  if (tool === undefined) return [];
  const mismatched = model.parameters.flatMap((def): FieldError[] => {
    const size = pictures[def.name];
    if (def.matchesSource !== true || size === undefined) return [];
    if (size.width === source.width && size.height === source.height) return [];
    return [
      {
        field: def.name,
        code: 'size_mismatch',
        message: `must be ${source.width}×${source.height} like the picture; it is ${size.width}×${size.height}`,
      },
    ];
  });
  if (mismatched.length > 0) return mismatched;
  const field = tool.sourceParam;
  const refusal = tool.refuse?.(parameters, source) ?? null;
  if (refusal !== null) return [{ field, code: 'nothing_to_do', message: refusal }];
  const out = tool.outputSize(parameters, source);
  if (out.width * out.height > tool.maxOutputPixels) {
    const megapixels = (tool.maxOutputPixels / 1_000_000).toFixed(0);
    return [
      {
        field,
        code: 'too_large',
        message: `the result would be ${out.width}×${out.height}; at most ${megapixels} megapixels`,
      },
    ];
  }
  return [];
}
