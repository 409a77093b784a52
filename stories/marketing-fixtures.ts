// Slides for the marketing stories: small inline SVG pictures (no files to serve), each with its number drawn
// large so a reviewer sees which slide is showing.
import type { Slide } from '@charity/ui';

const SKIES = ['#cfe9f7', '#ffe3cc', '#e7f3f1', '#f3ecfa', '#fff3c4', '#e2f0d9', '#fde7e4', '#e6ecfa'];

function picture(n: number, sky: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 160 100">
<rect width="160" height="100" fill="${sky}"/><circle cx="130" cy="22" r="10" fill="#ffc94d"/>
<path d="M0 70 Q40 55 80 68 T160 64 V100 H0z" fill="#8cc084"/>
<circle cx="52" cy="62" r="6" fill="#c98b5a"/><rect x="46" y="68" width="12" height="16" rx="4" fill="#d9473f"/>
<circle cx="72" cy="66" r="5" fill="#7d4a2a"/><rect x="67" y="71" width="10" height="13" rx="4" fill="#2a9d8f"/>
<text x="110" y="80" font-family="system-ui, sans-serif" font-size="30" font-weight="700" fill="#3b2a20">${n}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

const CAPTIONS: Array<[string, string]> = [
  ['Children learning together with a volunteer tutor after school', 'Learning together'],
  ['A nurse checks a young girl’s heartbeat at our health camp', 'Health checkups'],
  ['A warm, nutritious meal shared by children at our centre', 'Meals for every child'],
  ['A family we support, together in front of their home', 'Stronger families'],
  ['Children at play in the park on a sunny afternoon', 'Time to play'],
  ['A quiet reading corner full of books to discover', 'The joy of reading'],
  ['A bright classroom where every question is welcome', 'Classrooms that care'],
  ['Neighbours and volunteers planting trees on community day', 'Community day'],
];

/** `count` slides with captions and short captions (count ≤ 8). */
export function storySlides(count: number, { short = true }: { short?: boolean } = {}): Slide[] {
  return CAPTIONS.slice(0, count).map(([caption, captionShort], i) => ({
    id: `story-slide-${i + 1}`,
    image: {
      src: picture(i + 1, SKIES[i] ?? '#ffffff'),
      alt: `Illustration ${i + 1}: ${caption.toLowerCase()}`,
      width: 1600,
      height: 1000,
    },
    caption,
    ...(short ? { captionShort } : {}),
  }));
}
