import { defaultParameters, type ModelDefinition, type ParamValue } from '@kadr/catalog';
import type { GenerationRecord } from '@kadr/contract';
import { paths } from '@kadr/contract';
import { useNavigate } from 'react-router';
import { reuseEditHref, toolOf } from './lineage';

/** What 'Reuse settings' carries back into the form: a finished generation's request. */
export type ReusableSettings = {
  model: string;
  prompt: string;
  parameters: Readonly<Record<string, unknown>>;
  translatePrompt?: boolean;
};

/** What history (or a panel) hands the studio through the navigation state. */
export type StudioHandoff =
  | { kind: 'reuse'; settings: ReusableSettings }
  | { kind: 'animate'; imageUrl: string };

export function isStudioHandoff(value: unknown): value is StudioHandoff {
  if (typeof value !== 'object' || value === null) return false;
  const handoff: Record<string, unknown> = { ...value };
  if (handoff.kind === 'animate') return typeof handoff.imageUrl === 'string';
  if (
    handoff.kind !== 'reuse' ||
    typeof handoff.settings !== 'object' ||
    handoff.settings === null
  ) {
    return false;
  }
  const settings: Record<string, unknown> = { ...handoff.settings };
  return typeof settings.model === 'string' && typeof settings.prompt === 'string';
}

/**
 * A reused request's values for a model's form: its defaults, with each value the request had that
 * the model knows and its parameter would accept as a type; fixed parameters and those in `skip`
 * keep their defaults.
 */
export function reusedValues(
  model: ModelDefinition,
  parameters: Readonly<Record<string, unknown>>,
  skip: ReadonlySet<string> = new Set(),
): Record<string, ParamValue> {
  const values = defaultParameters(model.id);
  for (const def of model.parameters) {
    if (def.fixed || skip.has(def.name)) continue;
    const value = parameters[def.name];
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      values[def.name] = value;
    }
  }
  return values;
}

function settingsOf(record: GenerationRecord): ReusableSettings {
  const input = record.jsondata.input ?? {};
  return {
    model: record.model,
    prompt: record.jsondata.prompt ?? '',
    parameters: input,
    translatePrompt: record.jsondata.translate_prompt,
  };
}

/** The first output's absolute URL, which the server accepts as an input image of its owner. */
export function animatableImage(record: GenerationRecord): string | undefined {
  if (record.type !== 'image' || record.status !== 'completed') return undefined;
  const file = record.expand.output_files.find((output) => output.mime.startsWith('image/'));
  return file ? new URL(file.url, window.location.origin).href : undefined;
}

/**
 * 'Reuse settings' and 'Animate': open the studio with the form filled in. A finishing tool's run
 * is repeated in the tools workspace instead (`/tools?reuse=<id>`), which reads it by its id.
 */
export function useStudioHandoff() {
  const navigate = useNavigate();
  return {
    reuse: (record: GenerationRecord) => {
      if (toolOf(record)) {
        void navigate(reuseEditHref(record.id));
        return;
      }
      const state: StudioHandoff = { kind: 'reuse', settings: settingsOf(record) };
      void navigate(paths.studio, { state });
    },
    animate: (imageUrl: string) => {
      const state: StudioHandoff = { kind: 'animate', imageUrl };
      void navigate(paths.studio, { state });
    },
  };
}
