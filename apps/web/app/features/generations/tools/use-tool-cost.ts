import type { ParamValue, ToolModel } from '@kadr/catalog';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queryKeys } from '../query-keys';
import { estimateCost } from '../run/run-api';
import { instantCost, type ToolSource, toolPayload } from './tool-run';

/**
 * What running `tool` on `source` costs, for its button: the catalogue's price at once; for a tool
 * priced by the source's pixels, the server's own figure when it comes (it reads the picture's
 * size itself). `ask: false` (a picture the tool would refuse) keeps to the catalogue's figure.
 */
export function useToolCost(
  tool: ToolModel | undefined,
  values: Readonly<Record<string, ParamValue>>,
  source: ToolSource | null,
  ask = true,
): number | null {
  const instant = tool ? instantCost(tool, values, source) : null;
  const payload = useMemo(
    () =>
      tool && source
        ? toolPayload(tool, values, '', { [tool.tool.sourceParam]: source.url })
        : null,
    [tool, source, values],
  );
  const askServer = ask && tool?.price.kind === 'per-megapixel' && payload !== null;
  const estimate = useQuery({
    queryKey: queryKeys.generation.estimate('image', tool?.id ?? '', payload?.parameters ?? {}),
    queryFn: ({ signal }) =>
      estimateCost(
        'image',
        { model: tool?.id ?? '', prompt: '', parameters: payload?.parameters ?? {}, duration: 0 },
        signal,
      ),
    enabled: askServer,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  useEffect(() => {
    if (estimate.error) console.warn(estimate.error.message);
  }, [estimate.error]);
  return askServer ? (estimate.data ?? instant) : instant;
}
