/**
 * Hands a file the page fetched (e.g. a CSV that needed the bearer token) to the browser's download, through a
 * temporary <a download>. The object URL is released once the browser has had time to start the download.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
