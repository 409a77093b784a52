import { inflateSync } from 'node:zlib';

// The visible text of a receipt PDF exactly as the server sends it (PDFKit, Flate-compressed streams), for the
// receipt and stored-XSS tests: what a reader sees must be the campaign title or donor name as typed, letter for letter.
// The text is drawn with an embedded, subset font, so page content holds glyph ids: for each page this follows the
// font resources to their ToUnicode maps and decodes every TJ (show text) operator, one line per operator, compressed
// or not. Only page content is read: text found here is on the page.

interface PdfObject {
  dictionary: string;
  stream?: Buffer;
}

function parseObjects(pdf: Buffer): Map<string, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const match of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2]!;
    const streamAt = body.indexOf('\nstream\n');
    if (streamAt === -1) {
      objects.set(match[1]!, { dictionary: body });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const raw = Buffer.from(body.slice(streamAt + '\nstream\n'.length, body.lastIndexOf('\nendstream')), 'latin1');
    objects.set(match[1]!, { dictionary, stream: /\/Filter \/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw });
  }
  return objects;
}

/** One string per page: the page's lines of text, decoded through the fonts' ToUnicode maps. */
export function pdfPageTexts(pdf: Buffer): string[] {
  const objects = parseObjects(pdf);
  const object = (id: string | undefined) => {
    const found = id === undefined ? undefined : objects.get(id);
    if (!found) throw new Error(`PDF object ${String(id)} not found`);
    return found;
  };
  const unicodeMaps = new Map<string, Map<number, string>>();
  const unicodeMap = (fontId: string) => {
    let map = unicodeMaps.get(fontId);
    if (!map) {
      map = new Map();
      const cmap = object(/\/ToUnicode (\d+) 0 R/.exec(object(fontId).dictionary)?.[1]).stream?.toString('latin1') ?? '';
      for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
        let code = parseInt(range[1]!, 16);
        for (const entry of range[2]!.matchAll(/<([0-9a-f ]*)>/gi)) {
          const units = entry[1]!.split(' ').map((hex) => parseInt(hex, 16));
          map.set(code++, String.fromCharCode(...units));
        }
      }
      unicodeMaps.set(fontId, map);
    }
    return map;
  };

  const pages: string[] = [];
  for (const page of [...objects.values()].filter((o) => /\/Type \/Page\n/.test(o.dictionary))) {
    const lines: string[] = [];
    const resources = object(/\/Resources (\d+) 0 R/.exec(page.dictionary)?.[1]).dictionary;
    const fonts = new Map([...(/\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '').matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1]!, m[2]!]));
    const content = object(/\/Contents (\d+) 0 R/.exec(page.dictionary)?.[1]).stream?.toString('latin1') ?? '';
    let map = new Map<number, string>();
    for (const op of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) {
        map = unicodeMap(fonts.get(op[1]) ?? '');
        continue;
      }
      let line = '';
      for (const hex of op[2]!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i < hex[1]!.length; i += 4) line += map.get(parseInt(hex[1]!.slice(i, i + 4), 16)) ?? '\uFFFD';
      }
      lines.push(line);
    }
    pages.push(lines.join('\n'));
  }
  return pages;
}

/** All pages' text with every run of white space as one space, so a wrapped line can be found whole. */
export function pdfText(pdf: Buffer): string {
  return pdfPageTexts(pdf).join('\n').replace(/\s+/g, ' ');
}
