import path from 'node:path';
import type { FileUrls } from '../files/file-url.ts';
import type { GenerationRow, RecordFile, RecordRow } from './generation.repository.ts';

export interface OutputFileRecord {
  id: string;
  file: string;
  url: string;
  download_url: string;
  thumbnail: string | null;
  mime: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
}

export interface GenerationRecord {
  id: string;
  created: string;
  updated: string;
  user: string;
  error: string;
  model: string;
  type: 'image' | 'video';
  replicate_id: string;
  status: GenerationRow['status'];
  cost: number;
  jsondata: Record<string, unknown>;
  output_files: string[];
  expand: { output_files: OutputFileRecord[] };
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
    .map((file) => {
      const name = path.posix.basename(file.storageKey);
      const preview = previews.find((p) => p.position === file.position);
      return {
        id: file.id,
        file: name,
        url: urls.path(file.id, name),
        download_url: `${urls.path(file.id, name)}?download=1`,
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
    error: row.error ?? '',
    model: row.model,
    type: row.type,
    replicate_id: row.replicateId ?? '',
    status: row.status,
    cost: row.cost,
    jsondata: row.jsondata,
    output_files: expanded.map((f) => f.id),
    expand: { output_files: expanded },
  };
}
