// @ts-check
// The home page's illustrations: 8 hero scenes and 3 focus-area scenes, each composed by hand from draw.mjs.
// Names are the file stems the site refers to (apps/site/src/features/home/content.ts); a unit test keeps the
// two lists in step. The alt text in content.ts describes what each scene draws.
import {
  C,
  HAIR,
  SKIN,
  book,
  bowl,
  bunting,
  bush,
  cloud,
  handAt,
  heart,
  openBook,
  person,
  plate,
  sun,
  tree,
} from './draw.mjs';

/** Widths the pictures are rendered at; the site's srcset lists the same (a unit test compares them). */
export const WIDTHS = [480, 960, 1600];
export const VIEW_WIDTH = 1600;
export const VIEW_HEIGHT = 1000;
const W = VIEW_WIDTH;
const H = VIEW_HEIGHT;
const GROUND = 860;

function outdoors(skyTop = C.sky, sunX = 1320) {
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${C.cream}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  ${sun(sunX, 170, 62)}
  ${cloud(300, 170, 1.1)}${cloud(860, 120, 0.8)}
  <path d="M0 ${GROUND - 150} Q400 ${GROUND - 260} 820 ${GROUND - 160} T${W} ${GROUND - 170} V${H} H0z" fill="${C.grass}" opacity="0.55"/>
  <path d="M0 ${GROUND - 40} Q520 ${GROUND - 110} 1050 ${GROUND - 40} T${W} ${GROUND - 50} V${H} H0z" fill="${C.grass}"/>
  <rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${C.grass}"/>`;
}

function indoors(wall = C.wall, floor = C.floor) {
  return `<rect width="${W}" height="${H}" fill="${wall}"/>
  <rect y="${GROUND - 20}" width="${W}" height="${H - GROUND + 20}" fill="${floor}"/>
  <rect y="${GROUND - 30}" width="${W}" height="14" fill="${C.woodDark}" opacity="0.35"/>`;
}

function windowFrame(x, y, w, h) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${C.sky}" stroke="${C.white}" stroke-width="14"/>
  <path d="M${x + w / 2} ${y} V${y + h} M${x} ${y + h / 2} H${x + w}" stroke="${C.white}" stroke-width="10"/>
  ${cloud(x + w * 0.3, y + h * 0.3, 0.45)}`;
}

function desk(x, y, w, top = C.wood) {
  return `<rect x="${x}" y="${y}" width="${w}" height="22" rx="6" fill="${top}"/>
  <rect x="${x + 16}" y="${y + 22}" width="16" height="${GROUND - y - 22}" fill="${C.woodDark}"/>
  <rect x="${x + w - 32}" y="${y + 22}" width="16" height="${GROUND - y - 22}" fill="${C.woodDark}"/>`;
}

function mat(x, y, w, color = C.red) {
  return `<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${w * 0.09}" fill="${color}"/><ellipse cx="${x}" cy="${y}" rx="${w * 0.42}" ry="${w * 0.066}" fill="none" stroke="${C.gold}" stroke-width="6" stroke-dasharray="18 14"/>`;
}

/** Chalk marks that read as lessons without any text: shapes, a sum drawn with dots, a sun. */
function chalkboard(x, y, w, h) {
  return `<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="12" fill="${C.wood}"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${C.board}"/>
  <g stroke="${C.chalk}" stroke-width="7" stroke-linecap="round" fill="none">
    <circle cx="${x + w * 0.16}" cy="${y + h * 0.32}" r="${h * 0.12}"/>
    <path d="M${x + w * 0.3} ${y + h * 0.44} l${h * 0.12} ${-h * 0.24} l${h * 0.12} ${h * 0.24}z"/>
    <rect x="${x + w * 0.5}" y="${y + h * 0.2}" width="${h * 0.24}" height="${h * 0.24}"/>
    <path d="M${x + w * 0.1} ${y + h * 0.72} h${w * 0.1} M${x + w * 0.15} ${y + h * 0.66} v${h * 0.12} M${x + w * 0.3} ${y + h * 0.69} h${w * 0.08} M${x + w * 0.3} ${y + h * 0.75} h${w * 0.08}"/>
    <path d="M${x + w * 0.72} ${y + h * 0.66} q${w * 0.06} ${-h * 0.3} ${w * 0.16} 0"/>
  </g>
  <g fill="${C.gold}"><circle cx="${x + w * 0.47}" cy="${y + h * 0.72}" r="9"/><circle cx="${x + w * 0.52}" cy="${y + h * 0.72}" r="9"/><circle cx="${x + w * 0.57}" cy="${y + h * 0.72}" r="9"/></g>
  <rect x="${x + w * 0.7}" y="${y + h - 4}" width="${w * 0.12}" height="12" rx="4" fill="${C.chalk}"/>`;
}

function house(x, ground, w, h, wall = C.wallWarm, roof = C.redDeep) {
  return `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${wall}"/>
  <path d="M${x - 30} ${ground - h + 6} L${x + w / 2} ${ground - h - h * 0.55} L${x + w + 30} ${ground - h + 6}z" fill="${roof}"/>
  <rect x="${x + w * 0.4}" y="${ground - h * 0.56}" width="${w * 0.2}" height="${h * 0.56}" rx="8" fill="${C.woodDark}"/>
  <rect x="${x + w * 0.1}" y="${ground - h * 0.72}" width="${w * 0.2}" height="${h * 0.26}" rx="6" fill="${C.sky}" stroke="${C.white}" stroke-width="8"/>
  <rect x="${x + w * 0.7}" y="${ground - h * 0.72}" width="${w * 0.2}" height="${h * 0.26}" rx="6" fill="${C.sky}" stroke="${C.white}" stroke-width="8"/>`;
}

function school(x, ground, w, h) {
  return `${house(x, ground, w, h, C.peach, C.teal)}
  <circle cx="${x + w / 2}" cy="${ground - h - h * 0.22}" r="${h * 0.11}" fill="${C.white}"/>
  <path d="M${x + w / 2} ${ground - h - h * 0.29} v${h * 0.07} h${h * 0.06}" stroke="${C.ink}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M${x + w + 60} ${ground} V${ground - h * 1.5}" stroke="${C.ink}" stroke-width="8"/>
  <path d="M${x + w + 64} ${ground - h * 1.5} h90 l-20 30 l20 30 h-90z" fill="${C.gold}"/>`;
}

function stethoscope(x, y, s = 1) {
  return `<path d="M${x} ${y} q${-40 * s} ${60 * s} 0 ${110 * s} q${40 * s} ${-50 * s} 0 ${-110 * s}" stroke="${C.navy}" stroke-width="${8 * s}" fill="none"/>
  <circle cx="${x}" cy="${y + 110 * s}" r="${16 * s}" fill="${C.navy}"/><circle cx="${x}" cy="${y + 110 * s}" r="${8 * s}" fill="#cfd8e3"/>`;
}

function redCross(x, y, s) {
  return `<rect x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${s}" rx="${s * 0.18}" fill="${C.white}"/>
  <rect x="${x - s * 0.12}" y="${y - s * 0.36}" width="${s * 0.24}" height="${s * 0.72}" fill="${C.red}"/><rect x="${x - s * 0.36}" y="${y - s * 0.12}" width="${s * 0.72}" height="${s * 0.24}" fill="${C.red}"/>`;
}

function heightChart(x, y, h) {
  let marks = '';
  for (let i = 1; i < 8; i += 1) marks += `<path d="M${x} ${y + (h * i) / 8} h${i % 2 ? 24 : 40}" stroke="${C.ink}" stroke-width="4"/>`;
  return `<rect x="${x - 10}" y="${y}" width="90" height="${h}" rx="8" fill="${C.white}"/>
  <rect x="${x + 50}" y="${y}" width="30" height="${h}" fill="${C.teal}" opacity="0.35"/>${marks}`;
}

function baby(x, y, s = 1, blanket = C.pink) {
  return `<ellipse cx="${x}" cy="${y}" rx="${56 * s}" ry="${34 * s}" fill="${blanket}"/>
  <circle cx="${x - 40 * s}" cy="${y - 16 * s}" r="${28 * s}" fill="${SKIN[1]}"/>
  <path d="M${x - 68 * s} ${y - 20 * s} a${28 * s} ${28 * s} 0 0 1 ${50 * s} ${-16 * s}" fill="${blanket}"/>
  <path d="M${x - 50 * s} ${y - 10 * s} q6 6 12 0" stroke="${C.ink}" stroke-width="${4 * s}" fill="none" stroke-linecap="round"/>`;
}

function kite(x, y, s, handX, handY) {
  return `<path d="M${x} ${y + 60 * s} Q${(x + handX) / 2 - 80} ${(y + handY) / 2} ${handX} ${handY}" stroke="${C.ink}" stroke-width="3" fill="none"/>
  <path d="M${x} ${y - 60 * s} l${45 * s} ${60 * s} l${-45 * s} ${60 * s} l${-45 * s} ${-60 * s}z" fill="${C.gold}"/>
  <path d="M${x} ${y - 60 * s} v${120 * s} M${x - 45 * s} ${y} h${90 * s}" stroke="${C.redDeep}" stroke-width="4"/>
  <path d="M${x} ${y + 60 * s} q20 40 -10 70 q-30 30 0 70" stroke="${C.red}" stroke-width="5" fill="none"/>`;
}

function ball(x, y, rr) {
  return `<circle cx="${x}" cy="${y}" r="${rr}" fill="${C.white}"/><path d="M${x - rr} ${y} h${rr * 2} M${x} ${y - rr} a${rr * 0.6} ${rr} 0 0 1 0 ${rr * 2}" stroke="${C.red}" stroke-width="${rr * 0.18}" fill="none"/>
  <circle cx="${x}" cy="${y}" r="${rr}" fill="none" stroke="${C.ink}" stroke-width="3" opacity="0.35"/>`;
}

function sapling(x, y, s = 1) {
  return `<path d="M${x} ${y} v${-70 * s}" stroke="${C.leaf}" stroke-width="${8 * s}" stroke-linecap="round"/>
  <path d="M${x} ${y - 50 * s} q${-50 * s} ${-10 * s} ${-56 * s} ${-50 * s} q${44 * s} ${0} ${56 * s} ${50 * s}z" fill="${C.leafLight}"/>
  <path d="M${x} ${y - 66 * s} q${46 * s} ${-14 * s} ${50 * s} ${-52 * s} q${-42 * s} ${2 * s} ${-50 * s} ${52 * s}z" fill="${C.leaf}"/>
  <ellipse cx="${x}" cy="${y + 4}" rx="${46 * s}" ry="${14 * s}" fill="${C.trunk}"/>`;
}

function wateringCan(x, y, s = 1) {
  return `<rect x="${x - 40 * s}" y="${y - 50 * s}" width="${80 * s}" height="${60 * s}" rx="${10 * s}" fill="${C.blue}"/>
  <path d="M${x + 38 * s} ${y - 20 * s} l${50 * s} ${-40 * s}" stroke="${C.blue}" stroke-width="${12 * s}" stroke-linecap="round"/>
  <path d="M${x - 30 * s} ${y - 50 * s} q${30 * s} ${-40 * s} ${60 * s} 0" stroke="${C.navy}" stroke-width="${8 * s}" fill="none"/>
  <g fill="${C.skyDeep}"><circle cx="${x + 100 * s}" cy="${y - 40 * s}" r="${6 * s}"/><circle cx="${x + 110 * s}" cy="${y - 16 * s}" r="${6 * s}"/><circle cx="${x + 96 * s}" cy="${y + 6 * s}" r="${6 * s}"/></g>`;
}

function shelf(x, y, w, rows) {
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${rows * 130 + 20}" rx="10" fill="${C.wood}"/>`;
  const colors = [C.red, C.blue, C.gold, C.teal, C.purple, C.orange, C.pink, C.leaf];
  for (let row = 0; row < rows; row += 1) {
    const base = y + 20 + (row + 1) * 130 - 10;
    out += `<rect x="${x + 14}" y="${y + 20 + row * 130}" width="${w - 28}" height="110" fill="${C.woodDark}" opacity="0.35"/>`;
    let bx = x + 24;
    let i = row * 3;
    while (bx < x + w - 70) {
      const bw = 30 + ((i * 7) % 3) * 8;
      const bh = 70 + ((i * 5) % 4) * 8;
      out += `<rect x="${bx}" y="${base - bh}" width="${bw}" height="${bh}" rx="4" fill="${colors[i % colors.length]}"/><rect x="${bx + 6}" y="${base - bh + 14}" width="${bw - 12}" height="8" fill="${C.white}" opacity="0.6"/>`;
      bx += bw + 6;
      i += 1;
    }
  }
  return out;
}

function pot(x, y, s = 1) {
  return `<path d="M${x - 70 * s} ${y - 80 * s} h${140 * s} v${60 * s} a${20 * s} ${20 * s} 0 0 1 ${-20 * s} ${20 * s} h${-100 * s} a${20 * s} ${20 * s} 0 0 1 ${-20 * s} ${-20 * s}z" fill="#9aa5b1"/>
  <rect x="${x - 80 * s}" y="${y - 92 * s}" width="${160 * s}" height="${18 * s}" rx="${9 * s}" fill="#7b8794"/>
  <path d="M${x - 20 * s} ${y - 120 * s} q${10 * s} ${-20 * s} 0 ${-40 * s} M${x + 20 * s} ${y - 120 * s} q${10 * s} ${-20 * s} 0 ${-40 * s}" stroke="${C.white}" stroke-width="${6 * s}" fill="none" stroke-linecap="round" opacity="0.8"/>`;
}

function fruitBasket(x, y, s = 1) {
  return `<circle cx="${x - 40 * s}" cy="${y - 70 * s}" r="${30 * s}" fill="${C.red}"/><circle cx="${x + 10 * s}" cy="${y - 80 * s}" r="${32 * s}" fill="${C.orange}"/>
  <path d="M${x + 40 * s} ${y - 110 * s} q${50 * s} ${10 * s} ${60 * s} ${60 * s} q${-30 * s} ${-30 * s} ${-70 * s} ${-40 * s}z" fill="${C.gold}"/>
  <circle cx="${x - 5 * s}" cy="${y - 112 * s}" r="${22 * s}" fill="${C.leafLight}"/>
  <path d="M${x - 90 * s} ${y - 70 * s} h${180 * s} l${-20 * s} ${70 * s} h${-140 * s}z" fill="${C.wood}"/>
  <path d="M${x - 84 * s} ${y - 46 * s} h${168 * s} M${x - 78 * s} ${y - 22 * s} h${156 * s}" stroke="${C.woodDark}" stroke-width="${6 * s}"/>`;
}

// ---- The scenes ---------------------------------------------------------------------------------------------

/** @type {Record<string, () => string>} */
export const SCENES = {
  // Hero 1: a volunteer tutor and three children learning together on a mat under a tree.
  'hero-learning': () => {
    const tutor = { x: 1030, y: GROUND + 10, h: 460, skin: SKIN[3], hair: HAIR[0], top: C.teal, bottom: C.navy, pose: 'sit', seat: 110, facing: -1, armL: 62, armR: 30, hairStyle: 'bun', child: false };
    const kidA = { x: 560, y: GROUND + 20, h: 300, skin: SKIN[2], hair: HAIR[1], top: C.gold, bottom: C.blue, pose: 'sit', seat: 20, facing: 1, armL: 20, armR: 60, hairStyle: 'braids' };
    const kidB = { x: 760, y: GROUND + 30, h: 290, skin: SKIN[4], hair: HAIR[2], top: C.red, bottom: C.navy, pose: 'sit', seat: 20, facing: 1, armL: 40, armR: 160 };
    const kidC = { x: 1280, y: GROUND + 25, h: 280, skin: SKIN[0], hair: HAIR[3], top: C.purple, bottom: C.navy, pose: 'sit', seat: 20, facing: -1, armL: 60, armR: 30, hairStyle: 'long' };
    const handA = handAt(kidA, 1);
    const handT = handAt(tutor, -1);
    return `${outdoors(C.skyDeep, 1450)}
    ${tree(240, GROUND - 30, 420, C.leaf)}${tree(1480, GROUND - 40, 300, C.leafLight)}
    ${mat(880, GROUND + 40, 1100, C.red)}
    <rect x="990" y="${GROUND - 100}" width="120" height="26" rx="10" fill="${C.wood}"/><rect x="1004" y="${GROUND - 76}" width="18" height="86" fill="${C.woodDark}"/><rect x="1078" y="${GROUND - 76}" width="18" height="86" fill="${C.woodDark}"/>
    ${person(tutor)}${person(kidA)}${person(kidB)}${person(kidC)}
    ${openBook(handA.x + 40, handA.y - 10, 130, C.blue)}
    ${openBook(handT.x - 40, handT.y - 30, 150, C.gold)}
    ${book(1120, GROUND + 40, 110, 26, C.teal)}${book(1130, GROUND + 14, 90, 24, C.pink)}
    ${heart(700, 300, 60, C.red)}`;
  },

  // Hero 2: a nurse listening to a girl's heartbeat while a mother holding her baby waits on a bench.
  'hero-health': () => {
    const nurse = { x: 620, y: GROUND, h: 520, skin: SKIN[1], hair: HAIR[0], top: C.white, bottom: C.teal, armL: 10, armR: 30, hairStyle: 'bun', child: false };
    const girl = { x: 775, y: GROUND, h: 320, skin: SKIN[3], hair: HAIR[1], top: C.gold, dress: true, armL: 12, armR: 14, hairStyle: 'braids' };
    const mother = { x: 1290, y: GROUND, h: 470, skin: SKIN[2], hair: HAIR[2], top: C.purple, bottom: C.navy, pose: 'sit', seat: 150, facing: -1, armL: 60, armR: 50, hairStyle: 'scarf', child: false, scarf: C.redDeep };
    const hand = handAt(nurse, 1);
    const momHand = handAt(mother, -1);
    return `${indoors('#e7f3f1', '#d9e7e2')}
    ${windowFrame(1040, 150, 300, 230)}
    ${redCross(340, 260, 150)}
    ${heightChart(140, 420, 420)}
    <rect x="1110" y="${GROUND - 150}" width="340" height="30" rx="10" fill="${C.wood}"/><rect x="1130" y="${GROUND - 120}" width="20" height="120" fill="${C.woodDark}"/><rect x="1410" y="${GROUND - 120}" width="20" height="120" fill="${C.woodDark}"/>
    ${person(mother)}
    ${baby(momHand.x + 10, momHand.y - 10, 1.1, C.pink)}
    ${person(girl)}
    ${person(nurse)}
    ${stethoscope(nurse.x, GROUND - 378, 1)}
    <path d="M${nurse.x + 20} ${GROUND - 372} Q${hand.x - 30} ${GROUND - 380} ${hand.x + 8} ${hand.y}" stroke="${C.navy}" stroke-width="7" fill="none"/>
    <circle cx="${hand.x + 10}" cy="${hand.y + 4}" r="16" fill="#cfd8e3" stroke="${C.navy}" stroke-width="6"/>
    ${heart(900, 380, 46, C.red)}`;
  },

  // Hero 3: children sharing a warm meal at a long low table while a cook serves from a pot.
  'hero-meal': () => {
    const kids = [
      { x: 330, skin: SKIN[0], hair: HAIR[0], top: C.red, hairStyle: 'short' },
      { x: 540, skin: SKIN[3], hair: HAIR[2], top: C.teal, hairStyle: 'braids' },
      { x: 750, skin: SKIN[2], hair: HAIR[1], top: C.gold, hairStyle: 'long' },
      { x: 960, skin: SKIN[4], hair: HAIR[0], top: C.purple, hairStyle: 'short' },
    ];
    const cook = { x: 1270, y: GROUND, h: 520, skin: SKIN[1], hair: HAIR[3], top: C.orange, bottom: C.navy, armL: 50, armR: 20, hairStyle: 'scarf', child: false, scarf: C.red };
    const cookHand = handAt(cook, -1);
    const people = kids
      .map((k, i) => person({ ...k, y: GROUND - 10, h: 310, bottom: C.navy, pose: 'sit', seat: 90, facing: i % 2 ? -1 : 1, armL: 40, armR: i === 1 ? 150 : 45 }))
      .join('');
    return `${indoors(C.wallWarm, C.floor)}
    ${windowFrame(200, 140, 260, 210)}${windowFrame(640, 140, 260, 210)}
    ${bunting(80, 80, 1520, 90, [C.red, C.gold, C.teal, C.purple, C.orange, C.blue, C.red, C.gold, C.teal])}
    ${people}
    <rect x="220" y="${GROUND - 100}" width="900" height="30" rx="12" fill="${C.wood}"/>
    <rect x="250" y="${GROUND - 70}" width="22" height="60" fill="${C.woodDark}"/><rect x="1068" y="${GROUND - 70}" width="22" height="60" fill="${C.woodDark}"/>
    ${plate(330, GROUND - 106, 130, [C.gold, C.leafLight])}${plate(540, GROUND - 106, 130, [C.orange, C.sand])}
    ${plate(750, GROUND - 106, 130, [C.leafLight, C.gold])}${plate(960, GROUND - 106, 130, [C.sand, C.red])}
    ${person(cook)}
    ${pot(cookHand.x - 40, GROUND - 140, 1)}
    <rect x="${cookHand.x - 150}" y="${GROUND - 140}" width="230" height="140" fill="${C.woodDark}"/>
    ${bowl(1470, GROUND - 20, 130, C.teal, C.sand)}`;
  },

  // Hero 4: a family in front of their home: a father, a mother holding a baby and their son holding hands.
  'hero-family': () => {
    const father = { x: 640, y: GROUND, h: 560, skin: SKIN[3], hair: HAIR[0], top: C.blue, bottom: C.navy, armL: 8, armR: 30, hairStyle: 'short', child: false };
    const son = { x: 820, y: GROUND, h: 330, skin: SKIN[3], hair: HAIR[1], top: C.gold, bottom: C.teal, armL: 32, armR: 30, hairStyle: 'short' };
    // Negative angles bring the mother's arms in front of her, cradling the baby.
    const mother = { x: 1010, y: GROUND, h: 530, skin: SKIN[2], hair: HAIR[2], top: C.red, dress: true, armL: -40, armR: -40, hairStyle: 'long', child: false };
    return `${outdoors(C.sky, 260)}
    ${house(1120, GROUND - 20, 380, 300, C.wallWarm, C.redDeep)}
    ${tree(200, GROUND - 20, 360, C.leafLight)}${bush(470, GROUND - 10, 180)}${bush(1540, GROUND - 10, 160, C.leaf)}
    ${person(father)}${person(son)}${person(mother)}
    ${baby(mother.x + 30, GROUND - 268, 1.15, C.gold)}
    ${heart(820, 330, 70, C.red)}${heart(900, 270, 36, C.pink)}`;
  },

  // Hero 5: children playing in a park: one flies a kite, two pass a ball.
  'hero-play': () => {
    const kiteKid = { x: 360, y: GROUND, h: 340, skin: SKIN[1], hair: HAIR[0], top: C.red, bottom: C.navy, armL: 12, armR: 150, hairStyle: 'cap' };
    const kidB = { x: 860, y: GROUND, h: 320, skin: SKIN[4], hair: HAIR[2], top: C.teal, dress: true, armL: 100, armR: 100, hairStyle: 'braids' };
    const kidC = { x: 1260, y: GROUND, h: 350, skin: SKIN[2], hair: HAIR[1], top: C.gold, bottom: C.blue, armL: 110, armR: 30, hairStyle: 'short' };
    const hand = handAt(kiteKid, 1);
    return `${outdoors(C.skyDeep, 1400)}
    ${tree(1520, GROUND - 30, 330, C.leaf)}${bush(120, GROUND - 10, 200)}${bush(640, GROUND, 140, C.leaf)}
    ${kite(620, 230, 1, hand.x, hand.y)}
    ${person(kiteKid)}${person(kidB)}${person(kidC)}
    ${ball(1060, 560, 44)}
    <path d="M960 600 q50 -60 90 -40" stroke="${C.ink}" stroke-width="4" stroke-dasharray="10 12" fill="none" opacity="0.5"/>`;
  },

  // Hero 6: a reading corner: a girl reads on a cushion while a boy picks a book from a full shelf.
  'hero-reading': () => {
    const reader = { x: 620, y: GROUND + 10, h: 330, skin: SKIN[2], hair: HAIR[1], top: C.purple, bottom: C.navy, pose: 'sit', seat: 70, facing: 1, armL: 60, armR: 60, hairStyle: 'long' };
    const picker = { x: 1180, y: GROUND, h: 340, skin: SKIN[0], hair: HAIR[3], top: C.teal, bottom: C.navy, armL: 10, armR: 150, hairStyle: 'short' };
    const hand = handAt(reader, 1);
    return `${indoors('#f3ecfa', C.floor)}
    ${shelf(1000, 220, 470, 4)}
    ${windowFrame(160, 160, 300, 240)}
    <ellipse cx="620" cy="${GROUND - 20}" rx="200" ry="70" fill="${C.gold}"/>
    ${person(reader)}
    ${openBook(hand.x - 20, hand.y - 30, 180, C.red)}
    ${person(picker)}
    ${book(handAt(picker, 1).x - 20, handAt(picker, 1).y + 20, 40, 90, C.orange)}
    ${book(260, GROUND + 60, 160, 34, C.blue)}${book(280, GROUND + 26, 130, 30, C.leaf)}${book(270, GROUND - 4, 140, 30, C.red)}
    <path d="M880 ${GROUND - 20} h90 l-14 -90 h-62z" fill="${C.orange}"/>${sapling(925, GROUND - 100, 1.1)}`;
  },

  // Hero 7: a classroom: a teacher at the chalkboard and pupils at their desks, one with her hand up.
  'hero-classroom': () => {
    const teacher = { x: 1300, y: GROUND, h: 540, skin: SKIN[3], hair: HAIR[0], top: C.red, dress: true, armL: 120, armR: 15, hairStyle: 'bun', child: false };
    const pupils = [
      { x: 300, skin: SKIN[1], hair: HAIR[2], top: C.gold, hairStyle: 'braids', armR: 165 },
      { x: 610, skin: SKIN[4], hair: HAIR[0], top: C.teal, hairStyle: 'short', armR: 40 },
      { x: 920, skin: SKIN[2], hair: HAIR[1], top: C.purple, hairStyle: 'long', armR: 40 },
    ];
    const kids = pupils
      .map((p) => person({ ...p, y: GROUND - 20, h: 310, bottom: C.navy, pose: 'sit', seat: 120, facing: 1, armL: 40 }))
      .join('');
    const desks = pupils.map((p) => desk(p.x - 40, GROUND - 210, 230)).join('');
    const books = pupils.map((p, i) => book(p.x + 40, GROUND - 210, 110, 22, [C.blue, C.red, C.leaf][i] ?? C.blue)).join('');
    return `${indoors('#eaf2fb', C.floor)}
    ${chalkboard(200, 200, 860, 290)}
    ${windowFrame(1200, 120, 260, 220)}
    ${kids}${desks}${books}
    ${person(teacher)}`;
  },

  // Hero 8: a community day: neighbours, volunteers and children planting saplings together under bunting.
  'hero-community': () => {
    const adult = { x: 360, y: GROUND, h: 520, skin: SKIN[4], hair: HAIR[2], top: C.teal, bottom: C.navy, armL: 10, armR: 50, hairStyle: 'short', child: false };
    const volunteer = { x: 1200, y: GROUND, h: 500, skin: SKIN[1], hair: HAIR[0], top: C.gold, dress: true, armL: 40, armR: 10, hairStyle: 'bun', child: false };
    const kidA = { x: 620, y: GROUND, h: 300, skin: SKIN[2], hair: HAIR[1], top: C.red, bottom: C.blue, armL: 30, armR: 30, hairStyle: 'cap' };
    const kidB = { x: 960, y: GROUND, h: 290, skin: SKIN[3], hair: HAIR[2], top: C.purple, dress: true, armL: 150, armR: 150, hairStyle: 'braids' };
    const kidC = { x: 1420, y: GROUND, h: 280, skin: SKIN[0], hair: HAIR[3], top: C.blue, bottom: C.navy, armL: 20, armR: 60, hairStyle: 'short' };
    const can = handAt(adult, 1);
    return `${outdoors(C.sky, 1180)}
    <path d="M80 ${GROUND} V170 M1520 ${GROUND} V170" stroke="${C.woodDark}" stroke-width="14"/>
    ${bunting(80, 180, 1520, 180, [C.red, C.gold, C.teal, C.purple, C.orange, C.blue, C.pink, C.red, C.gold, C.teal, C.purple])}
    ${tree(150, GROUND - 120, 200, C.leafLight)}
    ${sapling(500, GROUND + 40, 1.2)}${sapling(800, GROUND + 50, 1)}${sapling(1090, GROUND + 40, 1.15)}
    ${person(adult)}${person(kidA)}${person(kidB)}${person(volunteer)}${person(kidC)}
    ${wateringCan(can.x + 20, can.y + 30, 0.9)}
    ${heart(960, 420, 44, C.red)}`;
  },

  // Focus: Education. A girl with a backpack and a book walking to school with her little brother.
  'focus-education': () => {
    const girl = { x: 700, y: GROUND, h: 380, skin: SKIN[3], hair: HAIR[0], top: C.blue, dress: true, armL: 25, armR: 40, hairStyle: 'braids' };
    const brother = { x: 520, y: GROUND, h: 300, skin: SKIN[3], hair: HAIR[0], top: C.gold, bottom: C.navy, armL: 15, armR: 35, hairStyle: 'short' };
    const hand = handAt(girl, 1);
    return `${outdoors(C.skyDeep, 240)}
    <path d="M0 ${GROUND + 60} Q800 ${GROUND - 20} ${W} ${GROUND + 40} V${H} H0z" fill="${C.sand}"/>
    ${school(1000, GROUND - 10, 380, 280)}
    ${tree(180, GROUND - 20, 300, C.leaf)}
    <rect x="${girl.x - 120}" y="${GROUND - 300}" width="80" height="110" rx="20" fill="${C.red}"/>
    <rect x="${brother.x - 100}" y="${GROUND - 240}" width="64" height="90" rx="16" fill="${C.teal}"/>
    ${person(brother)}${person(girl)}
    ${book(hand.x - 10, hand.y + 40, 36, 80, C.gold)}`;
  },

  // Focus: Health. A nurse measures a boy's height at a clinic while his mother looks on with the baby.
  'focus-health': () => {
    const boy = { x: 560, y: GROUND, h: 360, skin: SKIN[2], hair: HAIR[1], top: C.gold, bottom: C.navy, armL: 8, armR: 8, hairStyle: 'short' };
    const nurse = { x: 830, y: GROUND, h: 520, skin: SKIN[4], hair: HAIR[2], top: C.white, bottom: C.teal, armL: 150, armR: 20, hairStyle: 'bun', child: false };
    const mother = { x: 1200, y: GROUND, h: 500, skin: SKIN[2], hair: HAIR[0], top: C.purple, dress: true, armL: 60, armR: 58, hairStyle: 'scarf', child: false, scarf: C.teal };
    const momHand = handAt(mother, -1);
    return `${indoors('#e8f4ef', '#d7e8e0')}
    ${heightChart(420, 300, 560)}
    ${redCross(1180, 200, 140)}
    ${person(boy)}
    <rect x="430" y="${GROUND - 372}" width="240" height="14" rx="7" fill="${C.navy}"/>
    ${person(nurse)}${person(mother)}
    ${baby(momHand.x + 30, momHand.y - 20, 1.05, C.gold)}
    ${stethoscope(nurse.x, GROUND - 378, 0.9)}
    ${heart(250, 300, 70, C.red)}`;
  },

  // Focus: Food. A mother serves a nourishing meal to her two children; fruit and a pot of dal on the table.
  'focus-food': () => {
    const mother = { x: 1150, y: GROUND, h: 520, skin: SKIN[3], hair: HAIR[2], top: C.red, dress: true, armL: 55, armR: 30, hairStyle: 'long', child: false };
    const kidA = { x: 460, y: GROUND - 10, h: 300, skin: SKIN[3], hair: HAIR[1], top: C.teal, bottom: C.navy, pose: 'sit', seat: 150, facing: 1, armL: 40, armR: 60, hairStyle: 'braids' };
    const kidB = { x: 760, y: GROUND - 10, h: 290, skin: SKIN[3], hair: HAIR[0], top: C.gold, bottom: C.navy, pose: 'sit', seat: 150, facing: -1, armL: 60, armR: 40, hairStyle: 'short' };
    return `${indoors(C.peach, C.floor)}
    ${windowFrame(520, 130, 300, 220)}
    ${person(kidA)}${person(kidB)}
    ${desk(330, GROUND - 170, 600, C.wood)}
    ${bowl(470, GROUND - 170, 120, C.teal, C.gold)}${bowl(790, GROUND - 170, 120, C.blue, C.gold)}
    ${fruitBasket(630, GROUND - 170, 0.7)}
    ${person(mother)}
    ${pot(handAt(mother, -1).x - 60, GROUND - 200, 0.8)}
    <rect x="${handAt(mother, -1).x - 160}" y="${GROUND - 200}" width="200" height="200" fill="${C.woodDark}"/>`;
  },
};

/** The file stems the site's content refers to, in drawing order. */
export const SCENE_NAMES = Object.keys(SCENES);

/**
 * Each scene is drawn on a 1600 × 1000 canvas with room to spare; the picture shows the part of it in CROPS
 * (left edge and width; same 8:5 shape, anchored at the bottom), so the people fill the frame.
 * @type {Record<string, { x: number, width: number }>}
 */
const CROPS = {
  'hero-learning': { x: 220, width: 1200 },
  'hero-health': { x: 120, width: 1360 },
  'hero-meal': { x: 150, width: 1400 },
  'hero-family': { x: 260, width: 1200 },
  'hero-play': { x: 180, width: 1300 },
  'hero-reading': { x: 140, width: 1360 },
  'hero-classroom': { x: 120, width: 1400 },
  'hero-community': { x: 60, width: 1480 },
  'focus-education': { x: 200, width: 1240 },
  'focus-health': { x: 140, width: 1320 },
  'focus-food': { x: 240, width: 1200 },
};

export function sceneSvg(name, width) {
  const draw = SCENES[name];
  if (!draw) throw new Error(`Unknown illustration "${name}". Known: ${SCENE_NAMES.join(', ')}.`);
  const height = Math.round((width * VIEW_HEIGHT) / VIEW_WIDTH);
  const crop = CROPS[name] ?? { x: 0, width: VIEW_WIDTH };
  const cropHeight = (crop.width * VIEW_HEIGHT) / VIEW_WIDTH;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${crop.x} ${VIEW_HEIGHT - cropHeight} ${crop.width} ${cropHeight}">${draw()}</svg>`;
}
