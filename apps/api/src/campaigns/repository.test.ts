import { campaignDisplayStatus, CAMPAIGN_STATUSES, isCampaignActive } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { escapeLike, listCampaigns, type CampaignListFilters, type CampaignRow } from './repository.js';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('back\\slash')).toBe('back\\\\slash');
    expect(escapeLike("plain 'text'")).toBe("plain 'text'");
  });
});

// The list filters run in SQL; the site and the stats route use @charity/domain. They must agree on every
// campaign, including those whose end date is a millisecond either side of now, or exactly now.
describeEachDatabase('status filters in SQL agree with the domain rules', (ctx) => {
  const now = new Date('2030-06-15T12:00:00.000Z');
  const offsets = [null, -86_400_000, -1000, -1, 0, 1, 1000, 86_400_000];

  it('for every status and end date around now', async () => {
    const rows: CampaignRow[] = await insertCampaigns(
      ctx.database.db,
      CAMPAIGN_STATUSES.flatMap((status) =>
        offsets.map((offset) => ({
          title: `${status} ${offset}`,
          status,
          endDate: offset === null ? null : new Date(now.getTime() + offset),
        })),
      ),
    );
    const domainView = rows.map((row) => ({ row, display: campaignDisplayStatus({ status: row.status, end_date: row.endDate }, now) }));

    async function ids(status: CampaignListFilters['status'], includeDrafts = false) {
      const { items, total } = await listCampaigns(
        ctx.database.db,
        { status, includeDrafts, sort: 'newest', page: 1, limit: 100 },
        now,
      );
      expect(total).toBe(items.length);
      return items.map((c) => c.id).sort((a, b) => a - b);
    }
    const expected = (predicate: (entry: (typeof domainView)[number]) => boolean) =>
      domainView
        .filter(predicate)
        .map((entry) => entry.row.id)
        .sort((a, b) => a - b);

    const published = (entry: (typeof domainView)[number]) => entry.row.status !== 'draft';
    expect(await ids('active')).toEqual(expected((e) => published(e) && e.display === 'Active'));
    expect(await ids('active')).toEqual(expected((e) => isCampaignActive({ status: e.row.status, end_date: e.row.endDate }, now)));
    expect(await ids('completed')).toEqual(expected((e) => published(e) && e.display === 'Completed'));
    expect(await ids('paused')).toEqual(expected((e) => published(e) && e.display === 'Paused'));
    expect(await ids('all')).toEqual(expected(published));
    expect(await ids('all', true)).toEqual(expected(() => true));
    expect(await ids('draft')).toEqual(expected((e) => e.row.status === 'draft'));

    // The three public filters split the published campaigns: each appears under exactly one of them.
    const union = [...(await ids('active')), ...(await ids('completed')), ...(await ids('paused'))].sort((a, b) => a - b);
    expect(union).toEqual(await ids('all'));

    // Spot checks of the edges: ending exactly now has ended; a millisecond later has not.
    const titleOf = (id: number) => rows.find((r) => r.id === id)!.title;
    expect((await ids('active')).map(titleOf)).toEqual(expect.arrayContaining(['active null', 'active 1']));
    expect((await ids('active')).map(titleOf)).not.toContain('active 0');
    expect((await ids('completed')).map(titleOf)).toContain('active 0');
  });
});
