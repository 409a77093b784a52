import {
  eightyGValidOn,
  financialYearDays,
  form10bdDueDay,
  type StatementMailStatus,
  type TaxYearDonor,
  type TaxYearSummary,
} from '@charity/domain';
import { currentOrganisationSettings } from '../settings/repository.js';
import { certificatesOfYear, eligibleDonors, latestMailedStatements, type CertificateRow, type EligibleDonorRow, type Reader } from './repository.js';

// What /admin/tax-year shows for a year (docs/decisions/027-tax-year.md): the donations eligible under 80G, per
// donor, split into those Form 10BD can report (with a PAN) and those staff must ask for one; where the year's
// statements and certificates stand; and whether the 80G approval on file covers the whole year.

const MAIL_STATUSES: readonly StatementMailStatus[] = ['queued', 'pending', 'sent', 'failed', 'stored'];

/** A status as stored (text) read as one the screen knows; anything else is still under way. */
export function mailStatusOf(value: string | null): StatementMailStatus | null {
  if (value === null) return null;
  return (MAIL_STATUSES as readonly string[]).includes(value) ? (value as StatementMailStatus) : 'pending';
}

/** Mailed, or kept in the outbox because no mail server is configured (staff sees those there): done either way. */
export function isDelivered(status: string | null): boolean {
  return status === 'sent' || status === 'stored';
}

/** Donors in the order staff read them: by name, then address (names repeat). */
function byName(a: { name: string; email: string }, b: { name: string; email: string }): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email);
}

function donorJson(row: EligibleDonorRow, statement: TaxYearDonor['statement'], certificate: CertificateRow | undefined): TaxYearDonor {
  return {
    email: row.email,
    name: row.name,
    pan: row.pan,
    donations: row.donations,
    gross_inr_minor: row.grossInrMinor,
    refunded_inr_minor: row.refundedInrMinor,
    net_inr_minor: row.grossInrMinor - row.refundedInrMinor,
    statement,
    certificate: certificate
      ? {
          acknowledgement_number: certificate.acknowledgementNumber,
          file_name: certificate.fileName,
          uploaded_at: certificate.uploadedAt.toISOString(),
          mail_status: mailStatusOf(certificate.mailStatus),
          sent_at: certificate.sentAt?.toISOString() ?? null,
        }
      : null,
  };
}

export async function taxYearSummary(db: Reader, year: string): Promise<TaxYearSummary> {
  const [current, rows, statements, certificates] = await Promise.all([
    currentOrganisationSettings(db),
    eligibleDonors(db, year),
    latestMailedStatements(db, year),
    certificatesOfYear(db, year),
  ]);
  const settings = current.settings;
  const days = financialYearDays(year);
  // A certificate belongs to the donor whose address it was matched to, or (an address changed since) whose PAN it names.
  const certificateOf = (row: EligibleDonorRow) =>
    certificates.find((c) => c.donorEmail.toLowerCase() === row.email) ?? (row.pan ? certificates.find((c) => c.pan === row.pan) : undefined);
  const donors = rows
    .map((row) => {
      const statement = statements.get(row.email);
      return donorJson(
        row,
        statement ? { mail_status: mailStatusOf(statement.mailStatus)!, sent_at: statement.sentAt.toISOString() } : null,
        certificateOf(row),
      );
    })
    .sort(byName);
  const sum = (list: TaxYearDonor[], pick: (donor: TaxYearDonor) => number) => list.reduce((total, donor) => total + pick(donor), 0);
  const withPan = donors.filter((donor) => donor.pan !== null);
  const withoutPan = donors.filter((donor) => donor.pan === null);
  const statementStatuses = [...statements.values()].map((s) => s.mailStatus);
  return {
    financial_year: year,
    form_10bd_due: form10bdDueDay(year),
    approval: {
      number: settings.eighty_g_number,
      date: settings.eighty_g_date,
      covers_year: eightyGValidOn(settings, days.from) && eightyGValidOn(settings, days.to),
      is_demo: current.is_demo,
    },
    eligible: {
      donors: donors.length,
      donations: sum(donors, (d) => d.donations),
      net_inr_minor: sum(donors, (d) => d.net_inr_minor),
      refunded_inr_minor: sum(donors, (d) => d.refunded_inr_minor),
    },
    with_pan: { donors: withPan.length, net_inr_minor: sum(withPan, (d) => d.net_inr_minor) },
    without_pan: { donors: withoutPan.length, net_inr_minor: sum(withoutPan, (d) => d.net_inr_minor) },
    statements: {
      sent: statementStatuses.filter(isDelivered).length,
      pending: statementStatuses.filter((s) => s === 'queued' || s === 'pending').length,
      failed: statementStatuses.filter((s) => s === 'failed').length,
    },
    certificates: { uploaded: certificates.length, sent: certificates.filter((c) => isDelivered(c.mailStatus)).length },
    donors,
  };
}
