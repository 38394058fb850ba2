import { estimateFromDraft, listTools } from '@kadr/catalog';
import type { Language } from '@kadr/contract';

export type EditChoice = {
  id: string;
  title: string;
  /** At the tool's default settings on this picture; null when the size is unknown. */
  tokens: number | null;
  /** Priced by the result's size: larger settings cost more. */
  fromPrice: boolean;
};

/** The tools on offer for a picture of `size`, each with what it costs at its defaults. */
export function editChoices(
  size: { width: number | null; height: number | null },
  language: Language,
): EditChoice[] {
  const source =
    size.width !== null && size.height !== null ? { width: size.width, height: size.height } : null;
  return listTools().map((tool) => {
    const perMegapixel = tool.price.kind === 'per-megapixel';
    return {
      id: tool.id,
      title: tool.tool.title[language],
      tokens: perMegapixel && !source ? null : estimateFromDraft(tool.id, { source }),
      fromPrice: perMegapixel,
    };
  });
}
