/**
 * The name a saved output gets: the model, the prompt's first words and the moment it was made, so
 * saved files tell what they are and never collide — `kadr-seedream-3-a-lighthouse-at-dawn-20261124-153012.jpg`,
 * a second output of the same generation `…-2.jpg`. Letters of any script are kept (a Russian
 * prompt stays Russian); everything else becomes one hyphen.
 */
export function downloadName(
  generation: { model: string; prompt: string; created: Date | string },
  file: { name: string; position: number },
): string {
  const slug = generation.prompt
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'bin';
  const model = generation.model.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  let name = 'kadr';
  if (model) name += `-${model}`;
  if (slug) name += `-${slug}`;
  name += `-${stamp(generation.created)}`;
  if (file.position > 0) name += `-${file.position + 1}`;
  return `${name}.${extension}`;
}

/**
 * A moment in UTC as text, as the history's stored records write it (`to_char`). One that is surely
 * a valid date (days up to the 28th, hours up to 23) is read without a `Date`, which was half of a
 * name's cost on a history page (twelve names a page); any other goes through a `Date`, which rolls
 * `2026-02-29` over to March.
 */
const UTC_MOMENT =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d{3})?Z$/;

/** `20261124-153012`: the moment's date and time in UTC, to the second. */
function stamp(created: Date | string): string {
  const parts = typeof created === 'string' ? UTC_MOMENT.exec(created) : null;
  if (parts) return `${parts[1]}${parts[2]}${parts[3]}-${parts[4]}${parts[5]}${parts[6]}`;
  const at = new Date(created).toISOString();
  return `${at.slice(0, 4)}${at.slice(5, 7)}${at.slice(8, 10)}-${at.slice(11, 13)}${at.slice(14, 16)}${at.slice(17, 19)}`;
}

/** What a download name may be (the files route accepts nothing else in `?as=`). */
export const downloadNamePattern = /^[\p{L}\p{N}._-]{1,160}$/u;
