import type { KyInstance } from 'ky';
import { ORGANISATION_TIME_ZONE, organisationDay, partnerReportFileName, type PartnerReport, type PartnerReportRow } from '@charity/domain';
import { isRecord, replyData, replyList } from '../../../lib/api/replies';
import { downloadFile, type FileDownload } from '../../admin-donations/api/admin-donations-api';

// The partner report's calls (docs/decisions/031-partner-report.md), silent for the global toast: the tab shows its
// own 'Failed to load the partner report'. The CSV goes through the admin area's one download helper, so the bearer
// token goes with it.

const isRow = (item: unknown): item is PartnerReportRow =>
  isRecord(item) &&
  typeof item.partner_origin === 'string' &&
  typeof item.month === 'string' &&
  typeof item.currency === 'string' &&
  typeof item.donations === 'number' &&
  typeof item.donors === 'number' &&
  typeof item.amount === 'number' &&
  typeof item.refunded_amount === 'number';

/** `data` of GET /api/admin/partners/report: rows that are not whole are dropped. */
export function parsePartnerReport(body: unknown): PartnerReport {
  const data = replyData(body, 'partner report');
  return {
    time_zone: typeof data.time_zone === 'string' && data.time_zone.trim() !== '' ? data.time_zone : ORGANISATION_TIME_ZONE,
    refunds_subtracted: true,
    rows: replyList(data, 'rows', 'partner report').filter(isRow),
  };
}

/** GET /api/admin/partners/report: every partner and month (the tab shows the whole report). */
export async function fetchPartnerReport(client: KyInstance, signal?: AbortSignal): Promise<PartnerReport> {
  return parsePartnerReport(await client.get('admin/partners/report', { signal, context: { silent: true } }).json<unknown>());
}

/** GET /api/admin/partners/report.csv: the name is the server's, else the domain's rule. */
export function downloadPartnerReportCsv(client: KyInstance, now: Date = new Date()): Promise<FileDownload> {
  return downloadFile(client, 'admin/partners/report.csv', partnerReportFileName({}, organisationDay(now)));
}
