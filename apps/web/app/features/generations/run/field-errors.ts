import '~/locales/app-run';
import { type ParameterDefinition, recordingMaxSeconds, takesAudio } from '@kadr/catalog';
import type { TFunction } from 'i18next';

const known = new Set([
  'required',
  'out_of_range',
  'not_integer',
  'invalid_step',
  'not_divisible',
  'not_allowed',
  'too_long',
  'invalid_characters',
  'not_uploaded',
]);

/**
 * A field error in the person's language. The catalogue (and the server, which runs the same
 * checks) reports codes with English messages; the code and the parameter's own limits are
 * enough to say it again here.
 */
export function fieldErrorText(
  t: TFunction<'app'>,
  error: { code: string },
  def: ParameterDefinition | undefined,
): string {
  // A recording (a talking character's voice) is asked for again as a recording, not a picture,
  // and one too long says its limit in seconds.
  if (def && takesAudio(def)) {
    if (error.code === 'not_uploaded') return t('run.errors.not_uploaded_recording');
    if (error.code === 'too_long') {
      return t('run.recording.errors.too_long', { count: recordingMaxSeconds });
    }
  }
  const code = known.has(error.code) ? error.code : 'other';
  return t(`run.errors.${code}` as 'run.errors.other', {
    min: def?.min,
    max: def?.maxLength ?? def?.max,
    step: def?.step,
    divisor: def?.modulo?.divisor,
    values: def?.allowedValues?.join(', ') ?? def?.options?.map((o) => o.value).join(', '),
  });
}
