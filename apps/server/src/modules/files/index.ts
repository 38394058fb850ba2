// The files module's public entry: stored files' rows, their signed addresses and download names.
export { downloadName } from './download-name.ts';
export type { FileRepository, FileRow, NewFile } from './file.repository.ts';
export { findOwnImage, readStored, sendable } from './file.service.ts';
export type { FileUrls } from './file-url.ts';
