import path from 'node:path';
import {
  type ApiGeneration,
  type GenerationErrorCode,
  type GenerationRecord,
  generationErrorCodes,
  isFinished,
  type OutputFile,
} from '@kadr/contract';
import type { FileUrls } from '../files/index.ts';
import { downloadName } from '../files/index.ts';
import type { GenerationRow, RecordFile, RecordRow } from './generation.repository.ts';
import { generationErrorText, generationErrorTexts } from './generation-errors.ts';

/** A code the contract knows; a failed row from before codes (or an unknown one) failed in the model. */
function errorCode(code: string | null | undefined): GenerationErrorCode {
  return (generationErrorCodes as readonly string[]).includes(code ?? '')
    ? (code as GenerationErrorCode)
    : 'model_failed';
}

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

/**
 * The spec's generation record, with `output_files` expanded into file records with URLs. `files`
 * are the generation's own (from `files`, or its record_files in the history).
 */
export function toGenerationRecord(
  row: RecordRow,
  files: RecordFile[],
  urls: FileUrls,
): GenerationRecord {
  const outputs = files.filter((f) => f.kind === 'output');
  const previews = files.filter((f) => f.kind === 'thumbnail' || f.kind === 'poster');
  const expanded = outputs
    .sort((a, b) => a.position - b.position)
    .map((file): OutputFile => {
      const name = path.posix.basename(file.storageKey);
      const preview = previews.find((p) => p.position === file.position);
      const saveAs = downloadName(
        { model: row.model, prompt: String(row.jsondata.prompt ?? ''), created: row.created },
        { name, position: file.position },
      );
      return {
        id: file.id,
        file: name,
        url: urls.path(file.id, name),
        download_url: `${urls.path(file.id, name)}?download=1&as=${encodeURIComponent(saveAs)}`,
        thumbnail: preview ? urls.path(preview.id, path.posix.basename(preview.storageKey)) : null,
        mime: file.mime,
        width: file.width,
        height: file.height,
        duration_ms: file.durationMs,
      };
    });
  return {
    id: row.id,
    created: iso(row.created),
    updated: iso(row.updated),
    user: row.userId,
    // People are told the code (translated by the app); the provider's words stay with the operator.
    error: row.status === 'failed' ? generationErrorTexts[errorCode(row.errorCode)] : '',
    error_code: row.status === 'failed' ? errorCode(row.errorCode) : null,
    model: row.model,
    type: row.type,
    replicate_id: row.replicateId ?? '',
    status: row.status,
    cost: row.cost,
    jsondata: row.jsondata,
    output_files: expanded.map((f) => f.id),
    expand: { output_files: expanded },
    favorite: row.favorite ?? false,
    source_id: row.sourceGenerationId ?? null,
  };
}

/** What `toApiGeneration` reads of a request: its row (timestamps as Date or ISO text). */
type ApiGenerationRow = Pick<
  GenerationRow,
  'id' | 'type' | 'model' | 'status' | 'errorCode' | 'jsondata' | 'cost'
> &
  Partial<Pick<GenerationRow, 'sourceGenerationId' | 'apiKeyId'>> & {
    created: Date | string;
    updated: Date | string;
  };

const isoOf = (at: Date | string) =>
  typeof at === 'string' ? new Date(at).toISOString() : at.toISOString();

/**
 * A generation as `/api/v1` and the webhooks out show it (`apiGenerationSchema`): the one mapping
 * of a request to it. `files` are its files (outputs picked by kind, in position order; an output's
 * `index` is its place in that order, as `GET /api/v1/generations/{id}/outputs/{index}` reads it);
 * `publicUrl` the site's origin, so output URLs are absolute. `refunded` says whether its tokens
 * came back (a `generation_refund` entry exists); when not given, a failure with a cost (the engine
 * refunds every failure in the same transaction). An operator's refund of a completed one is known
 * only to its caller (the console's refund announces it with `refunded: true`). A failure's
 * `error.message` is in `locale` (a v1 answer's, the request's); English when not given (webhooks).
 */
export function toApiGeneration(
  row: ApiGenerationRow,
  files: readonly Pick<
    RecordFile,
    'kind' | 'mime' | 'width' | 'height' | 'durationMs' | 'position'
  >[],
  publicUrl: string,
  options: { refunded?: boolean | undefined; locale?: 'ru' | 'en' } = {},
): ApiGeneration {
  const refunded = options.refunded ?? (row.status === 'failed' && row.cost > 0);
  const outputs = files
    .filter((f) => f.kind === 'output')
    .sort((a, b) => a.position - b.position)
    .map((file, index) => ({
      index,
      url: `${publicUrl}/api/v1/generations/${row.id}/outputs/${index}`,
      mime: file.mime,
      width: file.width,
      height: file.height,
      duration_ms: file.durationMs,
    }));
  const input = row.jsondata.input;
  const code = errorCode(row.errorCode);
  return {
    id: row.id,
    model: row.model,
    type: row.type,
    status: row.status,
    cost: row.cost,
    refunded,
    prompt: typeof row.jsondata.prompt === 'string' ? row.jsondata.prompt : '',
    parameters:
      input && typeof input === 'object' && !Array.isArray(input)
        ? { ...(input as Record<string, unknown>) }
        : {},
    error:
      row.status === 'failed'
        ? { code, message: generationErrorText(code, options.locale ?? 'en') }
        : null,
    outputs,
    source_id: row.sourceGenerationId ?? null,
    key_id: row.apiKeyId ?? null,
    waiting_for: isFinished(row.status) ? null : (row.jsondata.waiting_for ?? null),
    created: isoOf(row.created),
    updated: isoOf(row.updated),
  };
}
