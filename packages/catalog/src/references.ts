import { isEmptyValue } from './conditions.ts';
import type { FieldError, ModelDefinition, ReferenceKind } from './types.ts';

/** One library element a request names, as far as the model's rules need it. */
export type ReferenceElement = {
  kind: ReferenceKind;
  /** How many pictures it holds (at least one). */
  pictures: number;
};

/**
 * Whether a model may take these elements with these parameters (issue #47): it must take
 * references at all, of their kinds, no more elements than pictures it takes (each sends at least
 * its cover), and none of the parameters it refuses beside them. Errors on `elements`, or on
 * `elements.N` for one element; English messages with stable codes (the web says them again).
 */
export function checkReferences(
  model: ModelDefinition,
  elements: readonly ReferenceElement[],
  parameters: Readonly<Record<string, unknown>>,
): FieldError[] {
  if (elements.length === 0) return [];
  const support = model.references;
  if (!support) {
    return [
      {
        field: 'elements',
        code: 'not_supported',
        message: `${model.id} takes no reference pictures`,
      },
    ];
  }
  const errors: FieldError[] = [];
  elements.forEach((element, index) => {
    if (!support.kinds.includes(element.kind)) {
      errors.push({
        field: `elements.${index}`,
        code: 'not_supported',
        message: `${model.id} takes no ${element.kind} references`,
      });
    }
  });
  if (elements.length > support.max) {
    errors.push({
      field: 'elements',
      code: 'too_many',
      message: `${model.id} takes at most ${support.max} reference pictures`,
    });
  }
  for (const name of support.excludes ?? []) {
    if (!isEmptyValue(parameters[name])) {
      errors.push({
        field: name,
        code: 'conflict',
        message: `${name} cannot be used together with reference pictures on ${model.id}`,
      });
    }
  }
  return errors;
}

/**
 * The pictures sent for the elements, at most the model's limit: every element's first picture
 * (its cover) first, in the order named, then the others in turns, one of each element at a time,
 * so that each element is shown to the model as evenly as the limit allows.
 */
export function referencePictures<T>(
  model: ModelDefinition,
  elements: readonly (readonly T[])[],
): T[] {
  const max = model.references?.max ?? 0;
  const chosen: T[] = [];
  for (let round = 0; chosen.length < max; round++) {
    let any = false;
    for (const pictures of elements) {
      const picture = pictures[round];
      if (picture === undefined) continue;
      any = true;
      if (chosen.length < max) chosen.push(picture);
    }
    if (!any) break;
  }
  return chosen;
}

/** One element a request names, as its prompt may mention it. */
export type NamedElement = { name: string; description?: string };

/**
 * The prompt a reference model is sent (issue #47): the first mention of each element — `@Name`, or
 * the name as a word, whatever its case — says which picture shows it (its cover is sent first, in
 * the order named: image 1, image 2…), with its description if it has one, so the model knows who
 * is who. A prompt that names none is sent as it is.
 */
export function withElementNames(prompt: string, elements: readonly NamedElement[]): string {
  // Found in the prompt as written, then put in from the end, so that no note is searched again.
  const found = elements.flatMap((element, index) => {
    const name = element.name.trim();
    if (name === '') return [];
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`@?(?<![\\p{L}\\p{N}])(${escaped})(?![\\p{L}\\p{N}])`, 'iu').exec(
      prompt,
    );
    if (!match) return [];
    const description = element.description?.trim();
    const note = `image ${index + 1}${description ? `, ${description}` : ''}`;
    return [{ at: match.index, length: match[0].length, text: `${match[1]} (${note})` }];
  });
  // Two names over the same words ("Аня", "Аня Ли"): the one named first keeps them.
  const kept = found.filter(
    (one, i) =>
      !found.some(
        (other, j) => j < i && one.at < other.at + other.length && other.at < one.at + one.length,
      ),
  );
  let named = prompt;
  for (const { at, length, text } of kept.sort((a, b) => b.at - a.at)) {
    named = named.slice(0, at) + text + named.slice(at + length);
  }
  return named;
}
