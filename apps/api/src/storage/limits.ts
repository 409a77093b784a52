/**
 * Limits on uploaded files, shared by the multipart parser, the image pipeline and the error messages. The
 * size of one file is a setting (UPLOAD_MAX_MB, config.uploadMaxMb); these are fixed.
 */
export const UPLOAD_LIMITS = {
  /** Files in one request (an event's gallery upload sends several at once). */
  files: 10,
  /** Decoded pixels: a 40 MP picture is a large phone photo; more is a decompression bomb or a poster scan. */
  maxPixels: 40_000_000,
  /** Long edge of a stored campaign picture: sharp on a big screen, small enough to serve quickly. */
  maxEdge: 2000,
} as const;

/**
 * Widths an event photo is stored at (WebP), for srcset; a width above the original's is never made. The widest
 * keeps the full-screen lightbox sharp on a desktop screen and on a laptop's 2× display, where a photo is shown
 * about 1100 CSS px wide, 2200 pixels.
 */
export const EVENT_IMAGE_WIDTHS = [400, 800, 1200, 1600, 2048] as const;

/** The widest an event photo is stored at. */
export const EVENT_IMAGE_MAX_WIDTH = Math.max(...EVENT_IMAGE_WIDTHS);

/** The size an event photo's file_path points at: big enough for a gallery card, light enough for a phone. */
export const EVENT_IMAGE_DEFAULT_WIDTH = 800;

export function megabytes(mb: number): number {
  return mb * 1024 * 1024;
}
