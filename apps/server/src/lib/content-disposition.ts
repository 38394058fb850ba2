/** `Content-Disposition` for a download: an ASCII fallback and the real name for current browsers. */
export function attachmentDisposition(saveAs: string): string {
  const ascii = saveAs.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(saveAs)}`;
}
