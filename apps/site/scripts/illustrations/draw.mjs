// @ts-check
// Drawing primitives for the site's illustrations: plain SVG strings in a friendly flat style.
// Every scene is composed by hand in scenes.mjs (no randomness), so a build always draws the same pictures.

/** Palette: warm and soft, close to the site's cream, red and gold, with enough contrast between shapes. */
export const C = {
  cream: '#fff8f1',
  peach: '#ffe3cc',
  sand: '#f6d7b0',
  sky: '#cfe9f7',
  skyDeep: '#a9d6f0',
  sun: '#ffc94d',
  grass: '#8cc084',
  grassDeep: '#5e9c5f',
  leaf: '#4f9a5b',
  leafLight: '#7cbf6e',
  trunk: '#8a5a3b',
  wall: '#fbe9d7',
  wallWarm: '#f7d9bd',
  floor: '#e8c9a4',
  wood: '#b9794a',
  woodDark: '#8f5734',
  board: '#2f5d50',
  chalk: '#f4f1e8',
  red: '#d9473f',
  redDeep: '#b3261e',
  gold: '#f2a900',
  teal: '#2a9d8f',
  blue: '#3d7dca',
  navy: '#2f3e5c',
  purple: '#8e6bbf',
  pink: '#ef8fa5',
  orange: '#f08a4b',
  white: '#ffffff',
  ink: '#3b2a20',
};

export const SKIN = ['#f3cfa6', '#e3b07f', '#c98b5a', '#a86b3f', '#7d4a2a'];
export const HAIR = ['#2b1b12', '#3d2516', '#1c1410', '#5a3520', '#6b4a2e'];

/** Rounded numbers keep the SVG (and the build log) short; sub-pixel precision adds nothing here. */
const r = (n) => Math.round(n * 10) / 10;

/**
 * A person standing or sitting, drawn from the feet up.
 * @param {object} o
 * @param {number} o.x centre line
 * @param {number} o.y ground (feet) line; for 'sit' the floor under the feet
 * @param {number} o.h full standing height in px
 * @param {string} o.skin
 * @param {string} o.hair
 * @param {string} o.top shirt or dress colour
 * @param {string} [o.bottom] trousers colour; omitted with dress
 * @param {'stand'|'sit'} [o.pose]
 * @param {number} [o.seat] for 'sit': height of the seat above the floor
 * @param {1|-1} [o.facing] where a sitting person's knees point
 * @param {number} [o.armL] left arm angle in degrees from hanging straight down (positive = raised outwards)
 * @param {number} [o.armR] right arm angle, same convention
 * @param {'short'|'long'|'bun'|'braids'|'cap'|'scarf'} [o.hairStyle]
 * @param {string} [o.scarf] head scarf colour, for hairStyle 'scarf'
 * @param {boolean} [o.dress]
 * @param {boolean} [o.child] children have larger heads for their height
 * @param {string} [o.extra] SVG drawn on top (e.g. a held object), in the same coordinates
 */
export function person(o) {
  const {
    x,
    y,
    h,
    skin,
    hair,
    top,
    bottom = C.navy,
    pose = 'stand',
    seat = 0,
    facing = 1,
    armL = 8,
    armR = 8,
    hairStyle = 'short',
    dress = false,
    child = true,
    extra = '',
  } = o;
  const legLen = h * (child ? 0.36 : 0.42);
  const torsoLen = h * (child ? 0.3 : 0.32);
  const headR = h * (child ? 0.13 : 0.105);
  const bodyW = h * (child ? 0.27 : 0.24);
  const limb = h * (child ? 0.075 : 0.065);

  let hipY;
  let legs;
  if (pose === 'sit') {
    hipY = y - seat;
    const thigh = legLen * 0.55;
    const kneeX = x + facing * thigh;
    legs = `<path d="M${r(x - limb / 2)} ${r(hipY)} H${r(kneeX)} V${r(y - limb / 2)}" stroke="${bottom}" stroke-width="${r(limb * 1.25)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
    <ellipse cx="${r(kneeX + facing * limb * 0.5)}" cy="${r(y - limb * 0.35)}" rx="${r(limb * 0.9)}" ry="${r(limb * 0.45)}" fill="${C.ink}"/>`;
  } else {
    hipY = y - legLen;
    const spread = bodyW * 0.22;
    legs = `<path d="M${r(x - spread)} ${r(hipY)} V${r(y - limb * 0.4)} M${r(x + spread)} ${r(hipY)} V${r(y - limb * 0.4)}" stroke="${dress ? skin : bottom}" stroke-width="${r(limb * 1.2)}" stroke-linecap="round"/>
    <ellipse cx="${r(x - spread - limb * 0.2)}" cy="${r(y - limb * 0.3)}" rx="${r(limb * 0.85)}" ry="${r(limb * 0.45)}" fill="${C.ink}"/>
    <ellipse cx="${r(x + spread + limb * 0.2)}" cy="${r(y - limb * 0.3)}" rx="${r(limb * 0.85)}" ry="${r(limb * 0.45)}" fill="${C.ink}"/>`;
  }
  const shoulderY = hipY - torsoLen;
  const headCY = shoulderY - headR * 0.92;

  const arm = (side, deg) => {
    const len = h * (child ? 0.3 : 0.33);
    const sx = x + side * (bodyW / 2 - limb * 0.4);
    const sy = shoulderY + limb * 0.7;
    const rad = (deg * Math.PI) / 180;
    const hx = sx + side * Math.sin(rad) * len;
    const hy = sy + Math.cos(rad) * len;
    return `<path d="M${r(sx)} ${r(sy)} L${r(hx)} ${r(hy)}" stroke="${top}" stroke-width="${r(limb * 1.1)}" stroke-linecap="round"/>
    <circle cx="${r(hx)}" cy="${r(hy)}" r="${r(limb * 0.62)}" fill="${skin}"/>`;
  };

  const torso = dress
    ? `<path d="M${r(x - bodyW / 2 + limb * 0.3)} ${r(shoulderY)} h${r(bodyW - limb * 0.6)} l${r(bodyW * 0.28)} ${r(torsoLen + legLen * 0.45)} h${r(-(bodyW * 1.56 - limb * 0.6))}z" fill="${top}" stroke="${top}" stroke-width="${r(limb * 0.5)}" stroke-linejoin="round"/>`
    : `<rect x="${r(x - bodyW / 2)}" y="${r(shoulderY)}" width="${r(bodyW)}" height="${r(torsoLen + limb * 0.4)}" rx="${r(bodyW * 0.32)}" fill="${top}"/>`;

  const hx = x;
  const hy = headCY;
  let hairBack = '';
  let hairFront = `<path d="M${r(hx - headR)} ${r(hy)} a${r(headR)} ${r(headR)} 0 0 1 ${r(headR * 2)} 0 q${r(-headR * 0.9)} ${r(-headR * 0.55)} ${r(-headR * 2)} 0z" fill="${hair}"/>`;
  if (hairStyle === 'long') {
    hairBack = `<path d="M${r(hx - headR * 1.05)} ${r(hy)} a${r(headR * 1.05)} ${r(headR * 1.05)} 0 0 1 ${r(headR * 2.1)} 0 v${r(headR * 1.35)} h${r(-headR * 2.1)}z" fill="${hair}"/>`;
  } else if (hairStyle === 'bun') {
    hairBack = `<circle cx="${r(hx)}" cy="${r(hy - headR * 1.05)}" r="${r(headR * 0.45)}" fill="${hair}"/>`;
  } else if (hairStyle === 'braids') {
    hairBack = `<path d="M${r(hx - headR * 0.95)} ${r(hy)} v${r(headR * 1.6)} M${r(hx + headR * 0.95)} ${r(hy)} v${r(headR * 1.6)}" stroke="${hair}" stroke-width="${r(headR * 0.38)}" stroke-linecap="round"/>
    <circle cx="${r(hx - headR * 0.95)}" cy="${r(hy + headR * 1.7)}" r="${r(headR * 0.16)}" fill="${C.red}"/><circle cx="${r(hx + headR * 0.95)}" cy="${r(hy + headR * 1.7)}" r="${r(headR * 0.16)}" fill="${C.red}"/>`;
  } else if (hairStyle === 'cap') {
    hairFront = `<path d="M${r(hx - headR * 1.02)} ${r(hy - headR * 0.05)} a${r(headR * 1.02)} ${r(headR * 1.02)} 0 0 1 ${r(headR * 2.04)} 0z" fill="${C.red}"/>
    <path d="M${r(hx + headR * 0.2)} ${r(hy - headR * 0.12)} h${r(headR * 1.15)}" stroke="${C.redDeep}" stroke-width="${r(headR * 0.22)}" stroke-linecap="round"/>`;
  } else if (hairStyle === 'scarf') {
    hairBack = `<path d="M${r(hx - headR * 1.12)} ${r(hy + headR * 0.2)} a${r(headR * 1.12)} ${r(headR * 1.15)} 0 0 1 ${r(headR * 2.24)} 0 l${r(headR * 0.3)} ${r(headR * 1.5)} h${r(-headR * 2.84)}z" fill="${o.scarf ?? C.purple}"/>`;
    hairFront = `<path d="M${r(hx - headR * 1.1)} ${r(hy + headR * 0.1)} a${r(headR * 1.1)} ${r(headR * 1.1)} 0 0 1 ${r(headR * 2.2)} 0 q${r(-headR * 1.1)} ${r(-headR * 0.7)} ${r(-headR * 2.2)} 0z" fill="${o.scarf ?? C.purple}"/>`;
  }

  const eyeY = hy + headR * 0.08;
  const face = `<circle cx="${r(hx - headR * 0.36)}" cy="${r(eyeY)}" r="${r(headR * 0.1)}" fill="${C.ink}"/>
    <circle cx="${r(hx + headR * 0.36)}" cy="${r(eyeY)}" r="${r(headR * 0.1)}" fill="${C.ink}"/>
    <path d="M${r(hx - headR * 0.32)} ${r(hy + headR * 0.42)} q${r(headR * 0.32)} ${r(headR * 0.3)} ${r(headR * 0.64)} 0" stroke="${C.ink}" stroke-width="${r(headR * 0.09)}" stroke-linecap="round" fill="none"/>
    <circle cx="${r(hx - headR * 0.62)}" cy="${r(hy + headR * 0.34)}" r="${r(headR * 0.14)}" fill="${C.pink}" opacity="0.55"/>
    <circle cx="${r(hx + headR * 0.62)}" cy="${r(hy + headR * 0.34)}" r="${r(headR * 0.14)}" fill="${C.pink}" opacity="0.55"/>`;

  return `<g>
  ${hairBack}
  ${legs}
  ${torso}
  <rect x="${r(hx - headR * 0.28)}" y="${r(hy + headR * 0.6)}" width="${r(headR * 0.56)}" height="${r(headR * 0.6)}" fill="${skin}"/>
  ${arm(-1, armL)}
  ${arm(1, armR)}
  <circle cx="${r(hx)}" cy="${r(hy)}" r="${r(headR)}" fill="${skin}"/>
  ${hairFront}
  ${face}
  ${extra}
</g>`;
}

/** Where a person's hand ends up, to place things they hold. Same geometry as person(). */
export function handAt(o, side) {
  const { x, y, h, pose = 'stand', seat = 0, child = true } = o;
  const deg = side < 0 ? (o.armL ?? 8) : (o.armR ?? 8);
  const legLen = h * (child ? 0.36 : 0.42);
  const torsoLen = h * (child ? 0.3 : 0.32);
  const bodyW = h * (child ? 0.27 : 0.24);
  const limb = h * (child ? 0.075 : 0.065);
  const hipY = pose === 'sit' ? y - seat : y - legLen;
  const shoulderY = hipY - torsoLen;
  const len = h * (child ? 0.3 : 0.33);
  const sx = x + side * (bodyW / 2 - limb * 0.4);
  const sy = shoulderY + limb * 0.7;
  const rad = (deg * Math.PI) / 180;
  return { x: sx + side * Math.sin(rad) * len, y: sy + Math.cos(rad) * len };
}

export function sun(x, y, radius) {
  return `<circle cx="${x}" cy="${y}" r="${r(radius * 1.45)}" fill="${C.sun}" opacity="0.25"/><circle cx="${x}" cy="${y}" r="${radius}" fill="${C.sun}"/>`;
}

export function cloud(x, y, s = 1) {
  return `<g fill="${C.white}" opacity="0.9"><ellipse cx="${x}" cy="${y}" rx="${r(70 * s)}" ry="${r(26 * s)}"/><ellipse cx="${r(x + 40 * s)}" cy="${r(y - 18 * s)}" rx="${r(44 * s)}" ry="${r(30 * s)}"/><ellipse cx="${r(x - 36 * s)}" cy="${r(y - 10 * s)}" rx="${r(36 * s)}" ry="${r(22 * s)}"/></g>`;
}

export function tree(x, ground, size, leaf = C.leaf) {
  return `<rect x="${r(x - size * 0.07)}" y="${r(ground - size)}" width="${r(size * 0.14)}" height="${r(size)}" rx="${r(size * 0.04)}" fill="${C.trunk}"/>
  <circle cx="${x}" cy="${r(ground - size * 1.05)}" r="${r(size * 0.42)}" fill="${leaf}"/>
  <circle cx="${r(x - size * 0.32)}" cy="${r(ground - size * 0.82)}" r="${r(size * 0.3)}" fill="${leaf}"/>
  <circle cx="${r(x + size * 0.32)}" cy="${r(ground - size * 0.82)}" r="${r(size * 0.3)}" fill="${leaf}"/>`;
}

export function bush(x, ground, w, color = C.leafLight) {
  return `<ellipse cx="${x}" cy="${ground}" rx="${r(w / 2)}" ry="${r(w * 0.28)}" fill="${color}"/><ellipse cx="${r(x - w * 0.22)}" cy="${r(ground - w * 0.08)}" rx="${r(w * 0.22)}" ry="${r(w * 0.2)}" fill="${color}"/>`;
}

export function heart(x, y, size, color = C.red) {
  // Two half-circle lobes on a point; `size` is the width.
  const s = size / 2;
  return `<path d="M${x} ${r(y + s * 1.05)} L${r(x - s)} ${r(y)} A${r(s / 2)} ${r(s / 2)} 0 0 1 ${x} ${r(y - s * 0.5)} A${r(s / 2)} ${r(s / 2)} 0 0 1 ${r(x + s)} ${r(y)} Z" fill="${color}"/>`;
}

/** An open book, centred at (x, y), `w` wide. */
export function openBook(x, y, w, cover = C.blue) {
  const h = w * 0.42;
  return `<path d="M${r(x - w / 2)} ${r(y - h / 2)} q${r(w / 4)} ${r(-h * 0.18)} ${r(w / 2)} ${r(h * 0.05)} q${r(w / 4)} ${r(-h * 0.23)} ${r(w / 2)} ${r(-h * 0.05)} v${r(h)} q${r(-w / 4)} ${r(-h * 0.18)} ${r(-w / 2)} ${r(h * 0.05)} q${r(-w / 4)} ${r(-h * 0.23)} ${r(-w / 2)} ${r(-h * 0.05)}z" fill="${cover}"/>
  <path d="M${r(x - w * 0.46)} ${r(y - h * 0.48)} q${r(w * 0.22)} ${r(-h * 0.14)} ${r(w * 0.44)} ${r(h * 0.06)} v${r(h * 0.86)} q${r(-w * 0.22)} ${r(-h * 0.18)} ${r(-w * 0.44)} ${r(-h * 0.06)}z M${r(x + w * 0.02)} ${r(y - h * 0.42)} q${r(w * 0.22)} ${r(-h * 0.2)} ${r(w * 0.44)} ${r(-h * 0.06)} v${r(h * 0.86)} q${r(-w * 0.22)} ${r(-h * 0.14)} ${r(-w * 0.44)} ${r(h * 0.06)}z" fill="${C.white}"/>
  <path d="M${r(x - w * 0.38)} ${r(y - h * 0.2)} h${r(w * 0.3)} M${r(x - w * 0.38)} ${r(y)} h${r(w * 0.3)} M${r(x - w * 0.38)} ${r(y + h * 0.2)} h${r(w * 0.22)} M${r(x + w * 0.08)} ${r(y - h * 0.2)} h${r(w * 0.3)} M${r(x + w * 0.08)} ${r(y)} h${r(w * 0.3)} M${r(x + w * 0.08)} ${r(y + h * 0.2)} h${r(w * 0.24)}" stroke="#c9c2b8" stroke-width="${r(Math.max(2, w * 0.025))}" stroke-linecap="round"/>`;
}

/** A closed book seen from the side, bottom-left at (x, y). */
export function book(x, y, w, h, color) {
  return `<rect x="${x}" y="${r(y - h)}" width="${w}" height="${h}" rx="${r(h * 0.18)}" fill="${color}"/><rect x="${r(x + w * 0.06)}" y="${r(y - h * 0.62)}" width="${r(w * 0.8)}" height="${r(h * 0.2)}" fill="${C.white}" opacity="0.65"/>`;
}

export function bowl(x, y, w, color = C.orange, food = C.sand) {
  return `<ellipse cx="${x}" cy="${r(y - w * 0.2)}" rx="${r(w / 2)}" ry="${r(w * 0.1)}" fill="${food}"/>
  <path d="M${r(x - w / 2)} ${r(y - w * 0.2)} a${r(w / 2)} ${r(w * 0.34)} 0 0 0 ${w} 0z" fill="${color}"/>`;
}

export function plate(x, y, w, food = []) {
  const items = food
    .map((f, i) => `<circle cx="${r(x + (i - (food.length - 1) / 2) * w * 0.24)}" cy="${r(y - w * 0.06)}" r="${r(w * 0.12)}" fill="${f}"/>`)
    .join('');
  return `<ellipse cx="${x}" cy="${y}" rx="${r(w / 2)}" ry="${r(w * 0.16)}" fill="${C.white}"/><ellipse cx="${x}" cy="${y}" rx="${r(w * 0.36)}" ry="${r(w * 0.1)}" fill="#f1ebe3"/>${items}`;
}

export function bunting(x1, y1, x2, y2, colors) {
  const n = colors.length;
  let flags = `<path d="M${x1} ${y1} Q${r((x1 + x2) / 2)} ${r(Math.max(y1, y2) + 40)} ${x2} ${y2}" stroke="${C.ink}" stroke-width="3" fill="none"/>`;
  for (let i = 0; i < n; i += 1) {
    const t = (i + 0.5) / n;
    // Point on the quadratic curve, so the flags hang from the string.
    const cx = (x1 + x2) / 2;
    const cy = Math.max(y1, y2) + 40;
    const px = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t ** 2 * x2;
    const py = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t ** 2 * y2;
    flags += `<path d="M${r(px - 22)} ${r(py - 2)} h44 l-22 46z" fill="${colors[i]}"/>`;
  }
  return flags;
}
