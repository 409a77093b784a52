import type { KyInstance } from 'ky';
import {
  ADMIN_DONATIONS_PAGE_SIZE,
  donationCsvFileName,
  donationFilterQuery,
  organisationDay,
  type AdminDonation,
  type AdminDonationDetail,
  type AdminRefund,
  type DonationFilters,
  type KnownPartner,
} from '@charity/domain';
import { isRecord, readPageInfo, replyData, replyList, type PageInfo } from '../../../lib/api/replies';

// The admin's donation calls (docs/decisions/005-admin-console.md). All silent for the global toast: the page shows its
// own ('Failed to load donations', 'Failed to resend receipt'…). The bearer token is added by the client, also to the
// downloads (the CSV, a receipt's or note's PDF, an outbox attachment), which is why they are fetched through
// downloadFile rather than opened as links: the admin API answers nothing without the token, and never to a cache.

export interface DonationSummary {
  count: number;
  amount_inr: number;
}

export interface AdminDonationPage extends PageInfo {
  donations: AdminDonation[];
  summary: DonationSummary | null;
}

export interface ResendReceiptResult {
  message: string | null;
  receipt_number: string | null;
  mail_status: string | null;
}

export interface CampaignOption {
  id: number;
  title: string;
}

export interface CsvDownload {
  blob: Blob;
  fileName: string;
}

/** A refund note's PDF, fetched with the bearer token. */
export type NoteDownload = CsvDownload;

/** A file an admin route answers (a PDF, a CSV), fetched with the bearer token. */
export type FileDownload = CsvDownload;

/** Staff's refund request: an amount in the donation currency's minor unit and the reason (kept for staff). */
export interface RefundRequestBody {
  amount_minor: number;
  reason: string;
}

export interface RefundResult {
  /** The server's sentence: REFUND_MESSAGES.issued or .pending. */
  message: string | null;
  /** The donation's detail as it is now, the new refund included. */
  donation: AdminDonationDetail;
}

const donationPath = (id: number) => `admin/donations/${encodeURIComponent(String(id))}`;

/** The list query: the non-empty filters in their fixed order, then page and limit. */
export function donationListParams(filters: Partial<DonationFilters>, page: number, limit = ADMIN_DONATIONS_PAGE_SIZE): Record<string, string> {
  return { ...donationFilterQuery(filters), page: String(page), limit: String(limit) };
}

export function parseDonationPage(body: unknown, requestedPage: number): AdminDonationPage {
  const data = replyData(body, 'donations');
  const donations = replyList(data, 'donations', 'donations').filter(
    (item): item is AdminDonation => isRecord(item) && typeof item.id === 'number',
  );
  const summary = isRecord(data.summary) && typeof data.summary.count === 'number' && typeof data.summary.amount_inr === 'number'
    ? { count: data.summary.count, amount_inr: data.summary.amount_inr }
    : null;
  return { donations, summary, ...readPageInfo(body, requestedPage, donations.length) };
}

/** GET /api/admin/donations with the filters. */
export async function fetchAdminDonations(
  client: KyInstance,
  filters: Partial<DonationFilters>,
  page: number,
  signal?: AbortSignal,
): Promise<AdminDonationPage> {
  const body = await client
    .get('admin/donations', { searchParams: donationListParams(filters, page), signal, context: { silent: true } })
    .json<unknown>();
  return parseDonationPage(body, page);
}

/** `data` itself, or `data.<key>` when the server wraps the record: either way it must carry a numeric id. */
function record(body: unknown, key: string, what: string): Record<string, unknown> {
  const data = replyData(body, what);
  const inner = isRecord(data[key]) ? (data[key] as Record<string, unknown>) : data;
  if (typeof inner.id !== 'number') throw new TypeError(`The ${what} reply has no ${key}`);
  return inner;
}

/** GET /api/admin/donations/{id}. */
export async function fetchDonationDetail(client: KyInstance, id: number, signal?: AbortSignal): Promise<AdminDonationDetail> {
  const body = await client.get(donationPath(id), { signal, context: { silent: true } }).json<unknown>();
  return record(body, 'donation', 'donation') as unknown as AdminDonationDetail;
}

/** POST /api/admin/donations/{id}/resend-receipt: the receipt mailed again (or kept in the outbox without SMTP). */
export async function resendReceipt(client: KyInstance, id: number): Promise<ResendReceiptResult> {
  const body = await client.post(`${donationPath(id)}/resend-receipt`, { context: { silent: true } }).json<unknown>();
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return {
    message: isRecord(body) ? text(body.message) : null,
    receipt_number: text(data.receipt_number),
    mail_status: text(data.mail_status),
  };
}

/**
 * POST /api/admin/donations/{id}/refunds (docs/decisions/024-refunds.md): 201 with the server's message and the
 * donation's detail, the new refund included. Never retried (a POST): a refusal (400/409/422, or 502 when the
 * provider refused) is thrown for the caller to show.
 */
export async function postRefund(client: KyInstance, id: number, request: RefundRequestBody): Promise<RefundResult> {
  const body = await client
    .post(`${donationPath(id)}/refunds`, { json: { amount_minor: request.amount_minor, reason: request.reason }, context: { silent: true } })
    .json<unknown>();
  const donation = record(body, 'donation', 'refund') as unknown as AdminDonationDetail;
  const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  return { message, donation };
}

/** The fields of a list row: the detail's own (donor's address, receipt, refunds...) left out. */
export function donationRow(donation: AdminDonationDetail): AdminDonation {
  const {
    donor_mobile: _mobile,
    donor_pan: _pan,
    donor_state: _state,
    donor_city: _city,
    donor_address: _address,
    donor_pincode: _pincode,
    payment_method_id: _method,
    receipt: _receipt,
    amount_minor: _amountMinor,
    refund_pending_minor: _pending,
    refunds: _refunds,
    ...row
  } = donation;
  return row;
}

/** 'BBF-CN-2026-27-000001.pdf' for note BBF/CN/2026-27/000001; 'refund-7.pdf' for a refund without a note. */
export function refundNoteFileName(refund: Pick<AdminRefund, 'id' | 'note'>): string {
  return refund.note ? `${refund.note.number.replaceAll('/', '-')}.pdf` : `refund-${refund.id}.pdf`;
}

/**
 * The one download helper of the admin area: GET `path` through the client, so the bearer token goes with it, silent
 * for the global toast (the caller says what failed). The file's name comes from the server's Content-Disposition,
 * else `fallbackName`.
 */
export async function downloadFile(
  client: KyInstance,
  path: string,
  fallbackName: string,
  searchParams?: Record<string, string>,
): Promise<FileDownload> {
  const response = await client.get(path, { ...(searchParams ? { searchParams } : {}), context: { silent: true } });
  const blob = await response.blob();
  const fileName = fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob, fileName };
}

/** GET /api/admin/refunds/{id}/note.pdf: the name is the server's, else the note's number. */
export function downloadRefundNote(client: KyInstance, refund: Pick<AdminRefund, 'id' | 'note'>): Promise<NoteDownload> {
  return downloadFile(client, `admin/refunds/${encodeURIComponent(String(refund.id))}/note.pdf`, refundNoteFileName(refund));
}

/** 'receipt-BBF-2026-27-000001.pdf' for receipt BBF/2026-27/000001 (the server's name); 'receipt-42.pdf' without a number. */
export function receiptFileName(donation: Pick<AdminDonationDetail, 'id' | 'receipt'>): string {
  return donation.receipt ? `receipt-${donation.receipt.number.replaceAll('/', '-')}.pdf` : `receipt-${donation.id}.pdf`;
}

/** GET /api/admin/donations/{id}/receipt.pdf: the donation's receipt, drawn as the donor's download draws it. */
export function downloadReceipt(client: KyInstance, donation: Pick<AdminDonationDetail, 'id' | 'receipt'>): Promise<FileDownload> {
  return downloadFile(client, `${donationPath(donation.id)}/receipt.pdf`, receiptFileName(donation));
}

/**
 * GET /api/admin/partners: the partner sites staff can pick (configured in PARTNER_ORIGINS or seen on a donation),
 * A to Z, for the list's source filter.
 */
export async function fetchPartnerOptions(client: KyInstance, signal?: AbortSignal): Promise<KnownPartner[]> {
  const body = await client.get('admin/partners', { signal, context: { silent: true } }).json<unknown>();
  return replyList(replyData(body, 'partners'), 'partners', 'partners')
    .filter((item): item is Record<string, unknown> & { origin: string } => isRecord(item) && typeof item.origin === 'string')
    .map((item) => ({
      origin: item.origin,
      configured: item.configured === true,
      donations: typeof item.donations === 'number' ? item.donations : 0,
    }));
}

/** The campaigns of the filter's select: GET /api/admin/campaigns?limit=100 (the API's cap), newest first. */
export async function fetchCampaignOptions(client: KyInstance, signal?: AbortSignal): Promise<CampaignOption[]> {
  const body = await client
    .get('admin/campaigns', { searchParams: { page: '1', limit: '100', status: 'all' }, signal, context: { silent: true } })
    .json<unknown>();
  return replyList(replyData(body, 'campaigns'), 'campaigns', 'campaigns')
    .filter((item): item is { id: number; title: string } => isRecord(item) && typeof item.id === 'number' && typeof item.title === 'string')
    .map(({ id, title }) => ({ id, title }));
}

/**
 * The file name of a Content-Disposition header: RFC 6266 / 5987 `filename*=UTF-8''…` first, then `filename="…"`.
 * Only a plain base name is accepted (no paths); null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2] ?? null) : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

/**
 * GET /api/admin/donations/export.csv with the current filters (not page or limit), through the client so the
 * bearer token goes with it. The name comes from the server's Content-Disposition, else the domain's rule.
 */
export function exportDonationsCsv(client: KyInstance, filters: Partial<DonationFilters>, now: Date = new Date()): Promise<CsvDownload> {
  return downloadFile(client, 'admin/donations/export.csv', donationCsvFileName(filters, organisationDay(now)), donationFilterQuery(filters));
}
