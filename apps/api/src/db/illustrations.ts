import sharp from 'sharp';

// Seed pictures are drawn here rather than downloaded: simple flat-style scenes (sky, hills, children and a
// motif for the theme) written as SVG and rendered to WebP. The project owns every pixel, the seed works
// offline, and a fresh install still has a gallery to look at.

export const THEMES = ['school', 'health', 'nutrition', 'water', 'play', 'trees', 'family', 'books'] as const;
export type Theme = (typeof THEMES)[number];

export interface SceneOptions {
  theme: Theme;
  /** Same seed, same picture: tests and repeated seeds are reproducible. */
  seed: number;
  /**
   * Pixel size of the picture. The scene is composed on a canvas 960 wide and scaled to it, so a 2048×1365 photo
   * shows the same scene as a 960×640 one, only sharper (event photos are stored up to 2048 wide).
   */
  width?: number;
  height?: number;
}

/** Width of the canvas a scene is composed on: children, buildings and clouds are sized for it. */
const CANVAS_WIDTH = 960;

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIES: Array<[string, string]> = [
  ['#8fd3fe', '#e8f7ff'],
  ['#ffd59e', '#fff4e0'],
  ['#b9e6c9', '#f1fbf4'],
  ['#c8b6ff', '#f3efff'],
  ['#ffb4a2', '#fff0ea'],
];
const HILLS: Array<[string, string]> = [
  ['#7bc47f', '#4f9d5a'],
  ['#a8d672', '#6fae45'],
  ['#9ccfa0', '#5e9f70'],
];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
const CLOTHES = ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#f78c6b', '#9b5de5', '#00bbf9'];
const HAIR = ['#2b1b10', '#4a2c17', '#1a1a1a', '#6b3e1f'];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length) % list.length] as T;
}

function child(rand: () => number, x: number, ground: number, scale: number): string {
  const skin = pick(rand, SKIN);
  const shirt = pick(rand, CLOTHES);
  const hair = pick(rand, HAIR);
  const h = 120 * scale;
  const headR = 17 * scale;
  const bodyTop = ground - h + headR * 2;
  const wave = rand() < 0.4; // some children wave
  const arm = (side: number) =>
    wave && side > 0
      ? `<path d="M${x + 14 * scale} ${bodyTop + 10 * scale} l${18 * scale} ${-30 * scale}" stroke="${skin}" stroke-width="${7 * scale}" stroke-linecap="round"/>`
      : `<path d="M${x + side * 14 * scale} ${bodyTop + 10 * scale} l${side * 12 * scale} ${26 * scale}" stroke="${skin}" stroke-width="${7 * scale}" stroke-linecap="round"/>`;
  return `<g>
    <path d="M${x - 7 * scale} ${ground - 36 * scale} v${34 * scale} M${x + 7 * scale} ${ground - 36 * scale} v${34 * scale}" stroke="#3d405b" stroke-width="${8 * scale}" stroke-linecap="round"/>
    ${arm(-1)}${arm(1)}
    <rect x="${x - 17 * scale}" y="${bodyTop}" width="${34 * scale}" height="${h - headR * 2 - 34 * scale}" rx="${12 * scale}" fill="${shirt}"/>
    <circle cx="${x}" cy="${bodyTop - headR + 2 * scale}" r="${headR}" fill="${skin}"/>
    <path d="M${x - headR} ${bodyTop - headR} a${headR} ${headR} 0 0 1 ${headR * 2} 0 q${-headR} ${-6 * scale} ${-headR * 2} 0z" fill="${hair}"/>
    <circle cx="${x - 6 * scale}" cy="${bodyTop - headR + 2 * scale}" r="${2 * scale}" fill="#222"/>
    <circle cx="${x + 6 * scale}" cy="${bodyTop - headR + 2 * scale}" r="${2 * scale}" fill="#222"/>
    <path d="M${x - 6 * scale} ${bodyTop - headR + 9 * scale} q${6 * scale} ${6 * scale} ${12 * scale} 0" stroke="#7a3b2e" stroke-width="${2 * scale}" fill="none" stroke-linecap="round"/>
  </g>`;
}

function heart(x: number, y: number, size: number, color: string): string {
  const s = size / 2;
  return `<path d="M${x} ${y + s * 0.9} C${x - s * 2} ${y - s * 0.4} ${x - s * 0.8} ${y - s * 1.8} ${x} ${y - s * 0.6} C${x + s * 0.8} ${y - s * 1.8} ${x + s * 2} ${y - s * 0.4} ${x} ${y + s * 0.9}z" fill="${color}"/>`;
}

function tree(x: number, ground: number, size: number, leaf: string): string {
  return `<rect x="${x - size * 0.08}" y="${ground - size}" width="${size * 0.16}" height="${size}" fill="#8d6e4a"/>
    <circle cx="${x}" cy="${ground - size}" r="${size * 0.45}" fill="${leaf}"/>
    <circle cx="${x - size * 0.3}" cy="${ground - size * 0.8}" r="${size * 0.3}" fill="${leaf}"/>
    <circle cx="${x + size * 0.3}" cy="${ground - size * 0.8}" r="${size * 0.3}" fill="${leaf}"/>`;
}

function building(x: number, ground: number, w: number, h: number, wall: string, roof: string, sign: string): string {
  return `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${wall}" rx="6"/>
    <path d="M${x - 20} ${ground - h} L${x + w / 2} ${ground - h - h * 0.45} L${x + w + 20} ${ground - h}z" fill="${roof}"/>
    <rect x="${x + w / 2 - 28}" y="${ground - 90}" width="56" height="90" fill="#6d4c41" rx="4"/>
    <rect x="${x + 24}" y="${ground - h + 30}" width="54" height="44" fill="#bde0fe" stroke="#fff" stroke-width="5"/>
    <rect x="${x + w - 78}" y="${ground - h + 30}" width="54" height="44" fill="#bde0fe" stroke="#fff" stroke-width="5"/>
    ${sign}`;
}

function motif(theme: Theme, rand: () => number, width: number, ground: number): string {
  const x = width * (0.58 + rand() * 0.12);
  switch (theme) {
    case 'school':
      return building(x, ground, 280, 190, '#ffe8a3', '#e76f51', `<circle cx="${x + 140}" cy="${ground - 245}" r="22" fill="#fff"/><path d="M${x + 140} ${ground - 258} v13 h10" stroke="#264653" stroke-width="4" fill="none"/>`);
    case 'health':
      return building(
        x,
        ground,
        280,
        190,
        '#f1faee',
        '#2a9d8f',
        `<rect x="${x + 126}" y="${ground - 262}" width="28" height="70" fill="#e63946"/><rect x="${x + 105}" y="${ground - 241}" width="70" height="28" fill="#e63946"/>`,
      ) + heart(width * 0.15, ground - 300, 70, '#ff6b81');
    case 'nutrition':
      return `<ellipse cx="${x + 120}" cy="${ground - 20}" rx="170" ry="22" fill="#000" opacity="0.08"/>
        <path d="M${x - 40} ${ground - 120} h320 a160 110 0 0 1 -320 0z" fill="#f4a261"/>
        <ellipse cx="${x + 120}" cy="${ground - 120}" rx="160" ry="26" fill="#fefae0"/>
        <circle cx="${x + 60}" cy="${ground - 132}" r="22" fill="#90be6d"/><circle cx="${x + 120}" cy="${ground - 140}" r="24" fill="#f94144"/>
        <circle cx="${x + 180}" cy="${ground - 130}" r="20" fill="#f9c74f"/><circle cx="${x + 95}" cy="${ground - 128}" r="14" fill="#43aa8b"/>
        <circle cx="${x + 300}" cy="${ground - 30}" r="26" fill="#e63946"/><path d="M${x + 300} ${ground - 56} q6 -14 16 -16" stroke="#2d6a4f" stroke-width="5" fill="none"/>`;
    case 'water':
      return `<rect x="${x + 40}" y="${ground - 120}" width="200" height="120" rx="14" fill="#adb5bd"/>
        <rect x="${x + 30}" y="${ground - 132}" width="220" height="24" rx="10" fill="#6c757d"/>
        <path d="M${x + 60} ${ground - 132} v-110 h160 v110" stroke="#6d4c41" stroke-width="12" fill="none"/>
        <path d="M${x + 140} ${ground - 240} v50" stroke="#495057" stroke-width="4"/>
        <path d="M${x + 125} ${ground - 190} h30 l-4 30 h-22z" fill="#4361ee"/>
        <path d="M${width * 0.2} ${ground - 320} q-26 40 0 58 q26 -18 0 -58z" fill="#4cc9f0"/>
        <path d="M${width * 0.27} ${ground - 280} q-18 28 0 40 q18 -12 0 -40z" fill="#4895ef"/>`;
    case 'play': {
      let balloons = '';
      for (let i = 0; i < 5; i += 1) {
        const bx = x + i * 55 + rand() * 20;
        const by = ground - 260 - rand() * 120;
        balloons += `<path d="M${bx} ${by + 40} q-10 60 10 ${ground - by - 150}" stroke="#555" stroke-width="2" fill="none"/>
          <ellipse cx="${bx}" cy="${by}" rx="30" ry="38" fill="${pick(rand, CLOTHES)}"/>`;
      }
      return balloons;
    }
    case 'trees':
      return tree(x, ground, 170, '#52b788') + tree(x + 160, ground, 130, '#40916c') + tree(width * 0.1, ground, 120, '#74c69d');
    case 'family':
      return building(x, ground, 240, 160, '#ffd6a5', '#9d4edd', heart(x + 120, ground - 205, 44, '#ff006e'));
    case 'books': {
      const colors = ['#ef476f', '#118ab2', '#06d6a0', '#ffd166', '#8338ec'];
      return colors
        .map((color, i) => `<rect x="${x + i * 8}" y="${ground - 40 - i * 34}" width="${240 - i * 16}" height="32" rx="5" fill="${color}"/>
          <rect x="${x + i * 8 + 12}" y="${ground - 32 - i * 34}" width="${200 - i * 16}" height="5" fill="#fff" opacity="0.7"/>`)
        .join('');
    }
  }
}

/** The SVG source of one scene. */
export function sceneSvg({ theme, seed, width: pixelWidth = 960, height: pixelHeight = 640 }: SceneOptions): string {
  const width = CANVAS_WIDTH;
  const height = (CANVAS_WIDTH * pixelHeight) / pixelWidth;
  const rand = random(seed);
  const [skyTop, skyBottom] = pick(rand, SKIES);
  const [hillBack, hillFront] = pick(rand, HILLS);
  const ground = Math.round(height * 0.86);
  const sunX = width * (0.1 + rand() * 0.8);
  const clouds = Array.from({ length: 3 }, () => {
    const cx = rand() * width;
    const cy = height * (0.1 + rand() * 0.2);
    return `<g fill="#fff" opacity="0.85"><ellipse cx="${cx}" cy="${cy}" rx="60" ry="22"/><ellipse cx="${cx + 40}" cy="${cy - 14}" rx="40" ry="24"/><ellipse cx="${cx - 38}" cy="${cy - 8}" rx="34" ry="18"/></g>`;
  }).join('');
  const children = Array.from({ length: 2 + Math.floor(rand() * 3) }, (_, i) =>
    child(rand, width * (0.12 + i * 0.11 + rand() * 0.04), ground + 4, 0.9 + rand() * 0.5),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${height * 0.18}" r="70" fill="#ffe066" opacity="0.35"/>
  <circle cx="${sunX}" cy="${height * 0.18}" r="46" fill="#ffd43b"/>
  ${clouds}
  <path d="M0 ${ground - 120} Q${width * 0.25} ${ground - 220} ${width * 0.5} ${ground - 130} T${width} ${ground - 150} V${height} H0z" fill="${hillBack}"/>
  <path d="M0 ${ground - 30} Q${width * 0.35} ${ground - 90} ${width * 0.7} ${ground - 30} T${width} ${ground - 40} V${height} H0z" fill="${hillFront}"/>
  <rect y="${ground}" width="${width}" height="${height - ground}" fill="${hillFront}"/>
  ${motif(theme, rand, width, ground)}
  ${children}
</svg>`;
}

// Rendering costs ~50 ms a picture; a process that seeds several databases (the tests) draws each once.
const rendered = new Map<string, Promise<Buffer>>();

/** The scene as a WebP image. */
export function renderScene(options: SceneOptions): Promise<Buffer> {
  const key = JSON.stringify([options.theme, options.seed, options.width, options.height]);
  let image = rendered.get(key);
  if (!image) {
    image = sharp(Buffer.from(sceneSvg(options))).webp({ quality: 78 }).toBuffer();
    image.catch(() => rendered.delete(key));
    rendered.set(key, image);
  }
  return image;
}
