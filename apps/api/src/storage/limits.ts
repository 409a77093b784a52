/** Limits on uploaded files, shared by the multipart parser, the image pipeline and the error messages. */
export const UPLOAD_LIMITS = {
  fileSizeMb: 10,
  fileSize: 10 * 1024 * 1024,
  /** Files in one request (an event's gallery upload sends several at once). */
  files: 10,
  /** Decoded pixels: a 40 MP picture is a large phone photo; more is a decompression bomb or a poster scan. */
  maxPixels: 40_000_000,
  /** Long edge of the stored picture: sharp on a big screen, small enough to serve quickly. */
  maxEdge: 2000,
} as const;
