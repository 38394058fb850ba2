import { uuidPattern } from '@kadr/contract';
import { toolOf } from '~/features/generations/tools/tool-run';

/** What the address asks of the tools page (paths.tools): a tool, a result, an edit to repeat. */
export type ToolsQuery = { tool: string | null; from: string | null; reuse: string | null };

export function readToolsQuery(search: URLSearchParams): ToolsQuery {
  const id = (name: string) => {
    const value = search.get(name) ?? '';
    return uuidPattern.test(value) ? value : null;
  };
  const tool = search.get('tool');
  return { tool: toolOf(tool) ? tool : null, from: id('from'), reuse: id('reuse') };
}
