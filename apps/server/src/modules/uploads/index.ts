// The uploads module's public entry: its service as `/api/v1/uploads` uses it.
export type { ImageStore, RecordingStore, UploadService } from './upload.service.ts';
