import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getStorySortParameter, loadCsf } from 'storybook/internal/csf-tools';
import { describe, expect, it } from 'vitest';

// One sidebar order that follows the product (decision 034): .storybook/preview.tsx's storySort lists the top-level
// groups, and inside the groups it details (Donation, Admin, Partner) every screen and component, in the product's
// order. A story whose title puts it in a place the order does not list would land at the end of its level, out of
// the product's order, so it fails here with what to add; Storybook reads the same order from the same source.

const root = path.resolve(import.meta.dirname, '..');
const storiesDir = path.join(root, 'stories');

/** An order as storySort takes it: names, each optionally followed by the array ordering its children. */
type Order = (string | Order)[];

function storySortOrder(): Order {
  const sort = getStorySortParameter(readFileSync(path.join(root, '.storybook/preview.tsx'), 'utf8')) as { order?: Order } | undefined;
  if (!sort?.order) throw new Error('.storybook/preview.tsx has no parameters.options.storySort.order');
  return sort.order;
}

/** The names an order lists at its own level, each with the array of its children when it has one. */
function level(order: Order): Map<string, Order | undefined> {
  const names = new Map<string, Order | undefined>();
  order.forEach((item, i) => {
    if (typeof item !== 'string') return;
    const next = order[i + 1];
    names.set(item, Array.isArray(next) ? next : undefined);
  });
  return names;
}

/** Every title in Storybook's sidebar: the CSF files' meta titles and the MDX pages' own `<Meta title>`. */
function sidebarTitles(): { title: string; file: string }[] {
  const titles: { title: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.stories\.tsx?$/.test(entry.name)) {
        const csf = loadCsf(readFileSync(full, 'utf8'), { fileName: full, makeTitle: (title) => title }).parse();
        titles.push({ title: csf.meta.title!, file: path.relative(root, full) });
      } else if (entry.name.endsWith('.mdx')) {
        const title = /<Meta\s+title="([^"]+)"/.exec(readFileSync(full, 'utf8'))?.[1];
        if (title) titles.push({ title, file: path.relative(root, full) });
      }
    }
  };
  walk(storiesDir);
  return titles;
}

/** Where a title leaves the order: the first segment not listed at a level the order details, or null. */
export function placeOutsideOrder(title: string, order: Order): string | null {
  let current: Order | undefined = order;
  const segments = title.split('/');
  for (let i = 0; i < segments.length && current; i += 1) {
    const names = level(current);
    const segment = segments[i]!;
    if (!names.has(segment)) {
      const where = i === 0 ? 'the top level' : `'${segments.slice(0, i).join('/')}'`;
      return `'${segment}' is not listed at ${where} (listed: ${[...names.keys()].join(', ')})`;
    }
    current = names.get(segment);
  }
  return null;
}

describe('placeOutsideOrder (the check itself)', () => {
  const order: Order = ['Introduction', 'Campaigns', 'Admin', ['Dashboard', ['DashboardScreen'], 'Settings']];
  it('accepts titles inside the order, and anything below a level it does not detail', () => {
    expect(placeOutsideOrder('Introduction', order)).toBeNull();
    expect(placeOutsideOrder('Campaigns/CampaignCard', order)).toBeNull();
    expect(placeOutsideOrder('Admin/Dashboard/DashboardScreen', order)).toBeNull();
    expect(placeOutsideOrder('Admin/Settings/OrganisationSettingsForm', order)).toBeNull();
  });
  it('names the first segment the order leaves out', () => {
    expect(placeOutsideOrder('Donate/CountryGrid', order)).toBe(
      "'Donate' is not listed at the top level (listed: Introduction, Campaigns, Admin)",
    );
    expect(placeOutsideOrder('Admin/LoginForm', order)).toBe("'LoginForm' is not listed at 'Admin' (listed: Dashboard, Settings)");
    expect(placeOutsideOrder('Admin/Dashboard/DashboardTotals', order)).toBe(
      "'DashboardTotals' is not listed at 'Admin/Dashboard' (listed: DashboardScreen)",
    );
  });
});

describe("Storybook's sidebar follows the product", () => {
  const order = storySortOrder();
  const titles = sidebarTitles();

  it('finds the stories and the order', () => {
    expect(titles.length).toBeGreaterThan(80);
    expect([...level(order).keys()]).toEqual([
      'Introduction',
      'Foundations',
      'Components',
      'Layout',
      'Pages',
      'Marketing',
      'About',
      'Campaigns',
      'Donation',
      'Events',
      'Contact',
      'Admin',
      'Partner',
    ]);
  });

  it('puts every story in a place the order lists (add a new group or admin screen to storySort where the product has it)', () => {
    const outside = titles
      .map(({ title, file }) => ({ title, file, problem: placeOutsideOrder(title, order) }))
      .filter(({ problem }) => problem !== null)
      .map(({ title, file, problem }) => `${file}: '${title}': ${problem}`);
    expect(outside).toEqual([]);
  });

  it('has one group for giving (no Donate/ beside Donation/), and the admin screens in the navigation order', () => {
    expect(titles.filter(({ title }) => title.startsWith('Donate/'))).toEqual([]);
    const admin = level(level(order).get('Admin')!);
    // packages/domain/src/admin/nav.ts: Dashboard, Campaigns, Events, Donations, Monthly gifts, Tax year, Messages, Settings.
    expect([...admin.keys()]).toEqual(['Sign-in', 'Shell', 'Dashboard', 'Campaigns', 'Events', 'Donations', 'Monthly gifts', 'Tax year', 'Messages', 'Settings']);
    // Every admin story sits under one of them, none loose beside them.
    expect(titles.filter(({ title }) => /^Admin\/[^/]+$/.test(title))).toEqual([]);
  });
});
