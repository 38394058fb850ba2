import '~/locales/app-run';
import type { TFunction } from 'i18next';
import { ClientError } from '../api';

const uploadCodes = ['empty', 'unsupported_type', 'undecodable', 'too_large', 'malformed'] as const;

/**
 * Why an upload was refused, in the interface's language: from the problem's field code (and the
 * size limit it names), never the server's English words; anything else is an unknown failure.
 */
export function uploadFailureText(failure: unknown, t: TFunction<'app'>): string {
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  const code = uploadCodes.find((known) => known === problem?.fieldErrors[0]?.code);
  if (!problem || !code) return t('run.upload.unknown');
  return t(`run.upload.errors.${code}`, { mb: problem.limit ?? 10 });
}

const recordingCodes = [
  'empty',
  'unsupported_type',
  'undecodable',
  'too_short',
  'too_long',
  'too_large',
  'malformed',
] as const;

/** Why a recording was refused (a talking character's voice), in the interface's language. */
export function recordingFailureText(failure: unknown, t: TFunction<'app'>): string {
  const problem = failure instanceof ClientError ? failure.problem : undefined;
  const code = recordingCodes.find((known) => known === problem?.fieldErrors[0]?.code);
  if (!problem || !code) return t('run.upload.unknown');
  return t(`run.recording.errors.${code}`, {
    mb: problem.limit ?? 10,
    count: problem.limit ?? 30,
  });
}
