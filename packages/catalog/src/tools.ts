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
 * from the stored file after `validateRequest`): a result too large to make, or a request that
 * would change nothing. Empty for a model that is not a tool.
 */
export function checkToolSource(
  model: ModelDefinition,
  parameters: Readonly<Record<string, ParamValue>>,
  source: Size,
): FieldError[] {
  const tool = model.tool;
  if (tool === undefined) return [];
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
