import {
  durationParam,
  getModel,
  type ModelDefinition,
  type ModelType,
  type ReferenceKind,
} from '@kadr/catalog';
import type { BatchItemInput } from '@kadr/contract';

export type BatchRow = { prompt: string; parameters: Record<string, string | number | boolean> };
export type CsvProblem = {
  line: number;
  code: 'no_prompt_column' | 'unclosed_quote' | 'empty_prompt';
};

/** One prompt per non-empty line. */
export function promptsFromLines(text: string): BatchRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((prompt) => ({ prompt, parameters: {} }));
}

/** A CSV cell's value: numbers and true/false as such, anything else as text. */
function cellValue(raw: string): string | number | boolean {
  const text = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
function records(text: string): { cells: string[][]; unclosedAt?: number } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let openedAt = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
      openedAt = line;
    } else if (char === ',' || char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      line++;
    } else cell += char;
  }
  if (quoted) return { cells: rows, unclosedAt: openedAt };
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return { cells: rows.filter((cells) => cells.some((c) => c.trim() !== '')) };
}

/**
 * A CSV of prompts and parameters: a header row naming `prompt` and any parameters (e.g.
 * `prompt,aspect_ratio,duration`), then one row per prompt. Comma or semicolon separated.
 */
export function rowsFromCsv(text: string): { rows: BatchRow[]; problems: CsvProblem[] } {
  const { cells, unclosedAt } = records(text);
  if (unclosedAt !== undefined)
    return { rows: [], problems: [{ line: unclosedAt, code: 'unclosed_quote' }] };
  const [header, ...body] = cells;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const promptAt = names.indexOf('prompt');
  if (promptAt < 0) return { rows: [], problems: [{ line: 1, code: 'no_prompt_column' }] };
  const rows: BatchRow[] = [];
  const problems: CsvProblem[] = [];
  body.forEach((cellsOfRow, index) => {
    const prompt = (cellsOfRow[promptAt] ?? '').trim();
    if (!prompt) {
      problems.push({ line: index + 2, code: 'empty_prompt' });
      return;
    }
    const parameters: BatchRow['parameters'] = {};
    names.forEach((name, at) => {
      const raw = cellsOfRow[at];
      if (at === promptAt || !name || raw === undefined || raw.trim() === '') return;
      parameters[name] = cellValue(raw);
    });
    rows.push({ prompt, parameters });
  });
  return { rows, problems };
}

/**
 * Every prompt × every model × the variations, as the batch's items. A row's parameters go to the
 * models that have them (a CSV may name parameters of only some of the models).
 */
export function expandBatch(
  type: ModelType,
  rows: readonly BatchRow[],
  models: readonly string[],
  variations: number,
  elements: readonly BatchElement[] = [],
  /** A style preset for every item whose model it suits (issue #49). */
  style: { id: string; models: readonly string[] } | null = null,
): BatchItemInput[] {
  const items: BatchItemInput[] = [];
  for (const row of rows) {
    for (const id of models) {
      const model = getModel(id);
      const known = new Set(model?.parameters.map((def) => def.name));
      const references = referencesFor(model, elements);
      const parameters = Object.fromEntries(
        Object.entries(row.parameters).filter(
          ([name]) => known.has(name) && name !== durationParam,
        ),
      );
      const duration = row.parameters[durationParam];
      for (let v = 0; v < variations; v++) {
        items.push({
          model: id,
          prompt: row.prompt,
          parameters,
          ...(type === 'video' && typeof duration === 'number' ? { duration } : {}),
          ...(references.length > 0 ? { elements: references } : {}),
          ...(style?.models.includes(id) ? { style: style.id } : {}),
        });
      }
    }
  }
  return items;
}

/** A library element a batch is given, as far as choosing it for a model needs. */
export type BatchElement = { id: string; kind: ReferenceKind };

/**
 * The elements one model of a batch is sent (issue #47): those of kinds it takes, up to its own
 * limit; none for a model that takes no references, which runs on the prompt alone.
 */
function referencesFor(
  model: ModelDefinition | undefined,
  elements: readonly BatchElement[],
): string[] {
  const support = model?.references;
  if (!support) return [];
  return elements
    .filter((element) => support.kinds.includes(element.kind))
    .slice(0, support.max)
    .map((element) => element.id);
}

/**
 * The model whose limits the batch's element chooser follows: of the chosen models that take
 * references, the one that takes the fewest (so every one of them gets all that is chosen).
 */
export function strictestReferenceModel(
  models: readonly (ModelDefinition | undefined)[],
): ModelDefinition | undefined {
  return models
    .filter((model): model is ModelDefinition => model?.references !== undefined)
    .sort((a, b) => (a.references?.max ?? 0) - (b.references?.max ?? 0))[0];
}
