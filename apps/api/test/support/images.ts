import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Real pictures for upload tests, made with sharp; and one forged PNG header for the pixel-limit test.

export function solidImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: '#d9534f' } }).toFormat(format).toBuffer();
}

/** A JPEG as a phone writes it: EXIF with a GPS position and a description, rotated by the orientation tag (6 = 90° clockwise). */
export function phoneJpeg(width = 200, height = 100) {
  return sharp({ create: { width, height, channels: 3, background: '#5bc0de' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'child-photo-secret', Copyright: 'Camera Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height pixels (a decompression bomb's calling card); it has no pixel data. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  // One row's worth of pixel data at most: enough for a decoder to read the header, far too little to decode.
  const idat = deflateSync(Buffer.alloc(1 + 3 * Math.min(width, 64)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
);
