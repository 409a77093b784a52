import { CAMPAIGN_STATUSES, FIELD_MAX_LENGTHS, isCampaignStatus } from '@charity/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors.js';
import { cleanText } from '../routes/shared.js';
import { multipartFailure, readFilePart } from '../storage/images.js';
import type { CampaignRow, CampaignValues } from './repository.js';

// The admin's campaign form, as multipart/form-data (fields plus an optional `image` file, as the spec's
// admin calls send it) or as a JSON object when there is no picture. Unknown fields are ignored; the fields
// below are checked with messages that name them. raised_amount and donation_count are not accepted: they are
// the offline figures staff enter here (offline_amount, offline_donation_count) plus the online donations, kept by
// the repository.

/** Text lengths from the domain's one table of field lengths (packages/domain/src/field-limits.ts). */
export const CAMPAIGN_LIMITS = {
  titleMax: FIELD_MAX_LENGTHS.campaign.title,
  descriptionMax: FIELD_MAX_LENGTHS.campaign.description,
  categoryMax: FIELD_MAX_LENGTHS.campaign.category,
  /** numeric(14, 2): twelve digits before the point. */
  targetMax: 999_999_999_999,
  /** Donations counted offline: a charity's lifetime of cheques fits well inside. */
  offlineCountMax: 10_000_000,
} as const;

export const CAMPAIGN_FORM_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${CAMPAIGN_LIMITS.titleMax} characters long.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: `Description must be at most ${CAMPAIGN_LIMITS.descriptionMax.toLocaleString('en-US')} characters long.`,
  targetRequired: 'Target amount is required.',
  targetInvalid: 'Target amount must be a number greater than 0.',
  targetTooLarge: `Target amount must be at most ${CAMPAIGN_LIMITS.targetMax.toLocaleString('en-US')}.`,
  offlineAmountInvalid: 'Raised offline must be an amount of 0 or more.',
  offlineAmountTooLarge: `Raised offline must be at most ${CAMPAIGN_LIMITS.targetMax.toLocaleString('en-US')}.`,
  offlineCountInvalid: `Offline donations must be a whole number from 0 to ${CAMPAIGN_LIMITS.offlineCountMax.toLocaleString('en-US')}.`,
  statusInvalid: `Status must be one of: ${CAMPAIGN_STATUSES.join(', ')}.`,
  featuredInvalid: 'is_featured must be true or false.',
  categoryTooLong: `Category must be at most ${CAMPAIGN_LIMITS.categoryMax} characters long.`,
  startDateInvalid: 'Start date must be a valid date (YYYY-MM-DD or an ISO date-time).',
  endDateInvalid: 'End date must be a valid date (YYYY-MM-DD or an ISO date-time).',
  endBeforeStart: 'End date must be after the start date.',
  removeImageInvalid: 'remove_image must be true or false.',
  oneImage: 'Send at most one image, in the field "image".',
  unexpectedFile: 'Only one file field is accepted: "image".',
  notAnObject: 'Send the campaign as multipart/form-data or as a JSON object.',
} as const;

export type CampaignField =
  | 'title'
  | 'description'
  | 'target_amount'
  | 'offline_amount'
  | 'offline_donation_count'
  | 'status'
  | 'is_featured'
  | 'category'
  | 'start_date'
  | 'end_date'
  | 'remove_image';
export type CampaignFormErrors = Partial<Record<CampaignField, string>>;

export interface CampaignForm {
  /** Text fields as sent, by name; absent fields are undefined. */
  fields: Record<string, string | undefined>;
  /** Fields sent as something other than text, a number or true/false (a JSON object or list). */
  malformed: Set<string>;
  /** The uploaded picture, not yet checked (see storage/images.ts). */
  image: Buffer | null;
  /** Its file name as the client sent it, for messages only (stored names are random). */
  imageName: string | null;
}

/** Reads the form from a multipart or JSON request. File bytes are buffered (UPLOAD_MAX_MB at most, by the parser's limit). */
export async function readCampaignForm(request: FastifyRequest): Promise<CampaignForm> {
  const fields: Record<string, string | undefined> = Object.create(null);
  const malformed = new Set<string>();
  let image: Buffer | null = null;
  let imageName: string | null = null;
  if (request.isMultipart()) {
    try {
      await readParts();
    } catch (error) {
      throw multipartFailure(error);
    }
    return { fields, malformed, image, imageName };
  }
  async function readParts() {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw new HttpError(400, CAMPAIGN_FORM_MESSAGES.unexpectedFile);
        if (image) throw new HttpError(400, CAMPAIGN_FORM_MESSAGES.oneImage);
        image = await readFilePart(part, request.server.config.uploadMaxMb); // 413 naming the file past the limit
        imageName = part.filename;
        // A file input left empty is sent as a part without a name and no bytes: it means "no new picture".
        if (image.length === 0 && !part.filename) image = null;
      } else {
        if (part.valueTruncated) throw new HttpError(413, `The field ${part.fieldname} is too long.`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  }
  const body = request.body;
  if (body === undefined || body === null) return { fields, malformed, image, imageName };
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, CAMPAIGN_FORM_MESSAGES.notAnObject);
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === null) fields[key] = '';
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = String(value);
    else if (value !== undefined) {
      fields[key] = '';
      malformed.add(key);
    }
  }
  return { fields, malformed, image, imageName };
}

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no', '']);

function parseBoolean(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO date (midnight UTC, as JavaScript and @charity/domain read it) or date-time; '' is "no date".
 * undefined means invalid. A date-time without a zone is read as UTC, so the server's own zone never matters.
 */
export function parseDate(value: string): Date | null | undefined {
  const v = value.trim();
  if (v === '') return null;
  const match = DATE.exec(v);
  if (!match) return undefined;
  const [, year, month, day, hour] = match;
  const zoned = match[7] !== undefined;
  const iso = hour === undefined ? `${year}-${month}-${day}T00:00:00Z` : `${v.replace(' ', 'T')}${zoned ? '' : 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  // new Date() rolls 31 February over into March; a calendar date must exist as written.
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) return undefined;
  if (Number(year) < 1970 || Number(year) > 9999) return undefined;
  return date;
}

function parseAmount(value: string): number | null | undefined {
  const v = value.trim().replace(/,/g, '');
  if (v === '') return null;
  if (!/^\d+(\.\d+)?$/.test(v)) return undefined;
  // Rounded to paise in decimal (via the exponent), so 2500.555 becomes 2500.56 rather than float's 2500.55.
  return Number(`${Math.round(Number(`${v}e2`))}e-2`);
}

/**
 * Checks the form against the campaign it would replace (update) or against nothing (create), and returns
 * the values to write. Fields absent from an update keep their current value.
 */
export function validateCampaignForm(
  { fields, malformed }: Pick<CampaignForm, 'fields' | 'malformed'>,
  existing: CampaignRow | null,
): { values: Partial<CampaignValues>; removeImage: boolean; errors: CampaignFormErrors } {
  const errors: CampaignFormErrors = {};
  const values: Partial<CampaignValues> = {};
  const creating = existing === null;
  const has = (name: string) => fields[name] !== undefined;
  const invalid = (name: string) => malformed.has(name);

  if (creating || has('title')) {
    const title = cleanText(fields.title ?? '', { singleLine: true });
    if (title === '' || invalid('title')) errors.title = CAMPAIGN_FORM_MESSAGES.titleRequired;
    else if (title.length > CAMPAIGN_LIMITS.titleMax) errors.title = CAMPAIGN_FORM_MESSAGES.titleTooLong;
    else values.title = title;
  }

  if (creating || has('description')) {
    const description = cleanText(fields.description ?? '');
    if (description === '' || invalid('description')) errors.description = CAMPAIGN_FORM_MESSAGES.descriptionRequired;
    else if (description.length > CAMPAIGN_LIMITS.descriptionMax) errors.description = CAMPAIGN_FORM_MESSAGES.descriptionTooLong;
    else values.description = description;
  }

  if (creating || has('target_amount')) {
    const amount = invalid('target_amount') ? undefined : parseAmount(fields.target_amount ?? '');
    if (amount === null) errors.target_amount = CAMPAIGN_FORM_MESSAGES.targetRequired;
    else if (amount === undefined || amount <= 0) errors.target_amount = CAMPAIGN_FORM_MESSAGES.targetInvalid;
    else if (amount > CAMPAIGN_LIMITS.targetMax) errors.target_amount = CAMPAIGN_FORM_MESSAGES.targetTooLarge;
    else values.targetAmount = amount;
  }

  // Offline figures: optional on create (0), kept when absent from an update.
  if (has('offline_amount')) {
    const amount = invalid('offline_amount') ? undefined : parseAmount(fields.offline_amount!);
    if (amount === undefined) errors.offline_amount = CAMPAIGN_FORM_MESSAGES.offlineAmountInvalid;
    else if ((amount ?? 0) > CAMPAIGN_LIMITS.targetMax) errors.offline_amount = CAMPAIGN_FORM_MESSAGES.offlineAmountTooLarge;
    else values.offlineAmount = amount ?? 0;
  }
  if (has('offline_donation_count')) {
    const text = fields.offline_donation_count!.trim().replace(/,/g, '');
    const count = invalid('offline_donation_count') || !/^\d*$/.test(text) ? undefined : text === '' ? 0 : Number(text);
    if (count === undefined || count > CAMPAIGN_LIMITS.offlineCountMax) errors.offline_donation_count = CAMPAIGN_FORM_MESSAGES.offlineCountInvalid;
    else values.offlineDonationCount = count;
  }

  if (has('status')) {
    const status = cleanText(fields.status!).toLowerCase();
    if (!isCampaignStatus(status)) errors.status = CAMPAIGN_FORM_MESSAGES.statusInvalid;
    else values.status = status;
  } else if (creating) {
    // Unpublished until an admin chooses otherwise.
    values.status = 'draft';
  }

  const featuredField = has('is_featured') ? 'is_featured' : has('featured') ? 'featured' : null;
  if (featuredField) {
    const featured = invalid(featuredField) ? null : parseBoolean(fields[featuredField]!);
    if (featured === null) errors.is_featured = CAMPAIGN_FORM_MESSAGES.featuredInvalid;
    else values.isFeatured = featured;
  } else if (creating) {
    values.isFeatured = false;
  }

  if (creating || has('category')) {
    const category = cleanText(fields.category ?? '', { singleLine: true });
    if (invalid('category') || category.length > CAMPAIGN_LIMITS.categoryMax) errors.category = CAMPAIGN_FORM_MESSAGES.categoryTooLong;
    else values.category = category === '' ? 'general' : category;
  }

  for (const [field, key, message] of [
    ['start_date', 'startDate', CAMPAIGN_FORM_MESSAGES.startDateInvalid],
    ['end_date', 'endDate', CAMPAIGN_FORM_MESSAGES.endDateInvalid],
  ] as const) {
    if (!creating && !has(field)) continue;
    const date = invalid(field) ? undefined : parseDate(fields[field] ?? '');
    if (date === undefined) errors[field] = message;
    else values[key] = date;
  }
  if (!errors.start_date && !errors.end_date) {
    const start = values.startDate !== undefined ? values.startDate : (existing?.startDate ?? null);
    const end = values.endDate !== undefined ? values.endDate : (existing?.endDate ?? null);
    if (start && end && end.getTime() <= start.getTime()) errors.end_date = CAMPAIGN_FORM_MESSAGES.endBeforeStart;
  }

  let removeImage = false;
  if (!creating && has('remove_image')) {
    const remove = invalid('remove_image') ? null : parseBoolean(fields.remove_image!);
    if (remove === null) errors.remove_image = CAMPAIGN_FORM_MESSAGES.removeImageInvalid;
    else removeImage = remove;
  }

  return { values, removeImage, errors };
}
