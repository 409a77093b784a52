import type { KyInstance } from 'ky';
import { create } from 'zustand';
import type { CertificateUploadResult, TaxYearDonor, TaxYearSummary } from '@charity/domain';
import type { TaxYearAction, TaxYearMessage } from '@charity/ui';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, serverReason } from '../../../lib/api/replies';
import {
  downloadCertificate,
  downloadStatement,
  exportForm10bd,
  fetchTaxYear,
  mailStatements,
  saveDonorPan,
  sendCertificates,
  uploadCertificates,
  type TaxYearDownload,
} from '../api/admin-tax-year-api';

/** The console's own words for this screen's failures (the server's reason is shown instead when it gives one). */
export const ADMIN_TAX_YEAR_MESSAGES = {
  loadFailed: 'Failed to load the financial year',
  exportFailed: 'Failed to export Form 10BD',
  statementsFailed: 'Failed to mail the annual statements',
  uploadFailed: 'Failed to upload the certificates. Check the list of certificates before uploading again.',
  sendFailed: 'Failed to send the certificates',
  downloadFailed: 'Failed to download the PDF',
  panFailed: 'Failed to record the PAN. Please try again.',
} as const;

export interface AdminTaxYearState {
  /** The financial year shown ('2026-27'); the page keeps it in the URL and passes it to load. */
  year: string | null;
  summary: TaxYearSummary | null;
  status: 'loading' | 'ready' | 'error';
  /** Why the year could not be shown: the server's sentence (a year not begun) or the console's. */
  loadError: string | null;
  /** The action running; one at a time. */
  busy: TaxYearAction | null;
  /** The last action's outcome, shown in its section of the screen. */
  message: TaxYearMessage | null;
  /** What became of each file of the last ZIP uploaded for this year. */
  uploadResult: CertificateUploadResult | null;
  /** The donor whose statement or certificate PDF is being fetched. */
  downloadingEmail: string | null;
  /** The donor whose PAN is being recorded (their dialog waits). */
  savingPanEmail: string | null;
  /** Why the last PAN was not recorded: the server's sentence (a malformed PAN, no such donor) or the console's. */
  panError: string | null;
}

export interface AdminTaxYearActions {
  /** Shows a year: a new year starts afresh (no message, no upload result). */
  load: (year: string) => Promise<boolean>;
  /** The year as it is (Try again). */
  reload: () => Promise<boolean>;
  /** Fetches Form 10BD's CSV; null when it was refused (the reason is the message) or failed. */
  exportCsv: () => Promise<TaxYearDownload | null>;
  mailStatements: () => Promise<boolean>;
  /** Uploads the Form 10BE ZIP (multipart, never retried); then reads the year again quietly. */
  uploadCertificates: (file: File) => Promise<boolean>;
  sendCertificates: () => Promise<boolean>;
  downloadStatement: (donor: TaxYearDonor) => Promise<TaxYearDownload | null>;
  downloadCertificate: (donor: TaxYearDonor) => Promise<TaxYearDownload | null>;
  /**
   * Records the PAN a donor sent (PUT, never retried): the server's sentence as a toast and its summary in place of
   * the year's, so the donor moves into Form 10BD; a refusal is panError, for the dialog. True when recorded.
   */
  savePan: (email: string, pan: string) => Promise<boolean>;
  /** The PAN dialog was closed: its refusal is forgotten. */
  clearPanError: () => void;
  /** Forgets every donor's data (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminTaxYearStore = AdminTaxYearState & AdminTaxYearActions;

export interface AdminTaxYearStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_TAX_YEAR_STATE: AdminTaxYearState = {
  year: null,
  summary: null,
  status: 'loading',
  loadError: null,
  busy: null,
  message: null,
  uploadResult: null,
  downloadingEmail: null,
  savingPanEmail: null,
  panError: null,
};

/**
 * /admin/tax-year (docs/decisions/027-tax-year.md): a financial year's summary, Form 10BD's CSV, mailing the annual
 * statements, uploading the Form 10BE ZIP and sending the certificates, and a donor's PDFs. A refusal (the server's
 * 4xx sentence, e.g. 'No donor of this year gave a PAN…') is shown in the action's section; a success is the page's
 * toast and is said in the section too. Only the newest year's answers may write: an answer for a year left behind
 * (Back, another year chosen) is dropped. Recording a donor's PAN runs beside the actions: its refusal belongs to its
 * dialog (panError), its success is the toast and the summary it answers.
 */
export function createAdminTaxYearStore({ client, notify, log = console }: AdminTaxYearStoreOptions) {
  return create<AdminTaxYearStore>()((set, get) => {
    let loadSequence = 0;
    let loadController: AbortController | null = null;
    // Bumped by reset and by a new year: an action still on its way must not write into what is shown now.
    let generation = 0;

    const read = async (year: string, quiet: boolean): Promise<boolean> => {
      const ticket = ++loadSequence;
      loadController?.abort();
      loadController = new AbortController();
      if (!quiet) set({ status: 'loading', loadError: null });
      try {
        const summary = await fetchTaxYear(client, year, loadController.signal);
        if (ticket !== loadSequence) return true;
        set({ summary, status: 'ready', loadError: null });
        return true;
      } catch (error) {
        if (ticket !== loadSequence) return false;
        log.error(`[admin-tax-year] ${ADMIN_TAX_YEAR_MESSAGES.loadFailed}: ${describeFailure(error)}`);
        // 'That financial year has not begun yet.' says more than the console's words, and needs no toast.
        const reason = serverReason(error);
        if (!reason) notify('error', ADMIN_TAX_YEAR_MESSAGES.loadFailed);
        set({ summary: null, status: 'error', loadError: reason ?? ADMIN_TAX_YEAR_MESSAGES.loadFailed });
        return false;
      }
    };

    /**
     * Runs one of the screen's actions for the year shown: busy while it runs, its outcome as the section's message
     * (and a success as a toast), nothing written if the year or the page changed meanwhile.
     */
    const act = async <T>(
      action: TaxYearAction,
      fallback: string,
      run: (year: string) => Promise<T>,
      done: (result: T, year: string) => string | null,
    ): Promise<{ result: T } | null> => {
      const { year, busy } = get();
      if (year === null || busy !== null) return null;
      const current = generation;
      set({ busy: action, message: null });
      try {
        const result = await run(year);
        if (current !== generation) return null;
        const text = done(result, year);
        set({ busy: null, message: text ? { action, tone: 'success', text } : null });
        if (text) notify('success', text);
        return { result };
      } catch (error) {
        if (current !== generation) return null;
        log.error(`[admin-tax-year] ${fallback}: ${describeFailure(error)}`);
        set({ busy: null, message: { action, tone: 'error', text: serverReason(error) ?? fallback } });
        return null;
      }
    };

    const fetchPdf = async (donor: TaxYearDonor, fetch: (year: string) => Promise<TaxYearDownload>): Promise<TaxYearDownload | null> => {
      const { year, downloadingEmail } = get();
      if (year === null || downloadingEmail !== null) return null;
      const current = generation;
      set({ downloadingEmail: donor.email });
      try {
        const file = await fetch(year);
        return current === generation ? file : null;
      } catch (error) {
        if (current !== generation) return null;
        log.error(`[admin-tax-year] ${ADMIN_TAX_YEAR_MESSAGES.downloadFailed}: ${describeFailure(error)}`);
        notify('error', serverReason(error) ?? ADMIN_TAX_YEAR_MESSAGES.downloadFailed);
        return null;
      } finally {
        if (current === generation) set({ downloadingEmail: null });
      }
    };

    return {
      ...INITIAL_ADMIN_TAX_YEAR_STATE,

      load: (year) => {
        if (year !== get().year) {
          generation += 1;
          set({ year, summary: null, message: null, uploadResult: null, busy: null, downloadingEmail: null, savingPanEmail: null, panError: null });
        }
        return read(year, false);
      },

      reload: () => {
        const { year } = get();
        return year === null ? Promise.resolve(false) : read(year, false);
      },

      // The CSV is the only success without a sentence: the browser's download says it.
      exportCsv: async () => {
        const outcome = await act('export', ADMIN_TAX_YEAR_MESSAGES.exportFailed, (year) => exportForm10bd(client, year), () => null);
        return outcome?.result ?? null;
      },

      mailStatements: async () => {
        const outcome = await act(
          'statements',
          ADMIN_TAX_YEAR_MESSAGES.statementsFailed,
          (year) => mailStatements(client, year),
          (result) => {
            set({ summary: result.data, status: 'ready' });
            return result.message;
          },
        );
        return outcome !== null;
      },

      uploadCertificates: async (file) => {
        const outcome = await act(
          'upload',
          ADMIN_TAX_YEAR_MESSAGES.uploadFailed,
          (year) => uploadCertificates(client, year, file),
          (result) => {
            set({ uploadResult: result.data });
            return result.message;
          },
        );
        if (outcome === null) return false;
        // The certificates' counts and each donor's certificate changed.
        const { year } = get();
        if (year !== null) await read(year, true);
        return true;
      },

      sendCertificates: async () => {
        const outcome = await act('certificates', ADMIN_TAX_YEAR_MESSAGES.sendFailed, (year) => sendCertificates(client, year), (message) => message);
        if (outcome === null) return false;
        const { year } = get();
        if (year !== null) await read(year, true);
        return true;
      },

      downloadStatement: (donor) => fetchPdf(donor, (year) => downloadStatement(client, year, donor)),

      downloadCertificate: (donor) => fetchPdf(donor, (year) => downloadCertificate(client, year, donor)),

      savePan: async (email, pan) => {
        const { year, savingPanEmail } = get();
        if (year === null || savingPanEmail !== null) return false;
        const current = generation;
        set({ savingPanEmail: email, panError: null });
        try {
          const outcome = await saveDonorPan(client, year, email, pan);
          if (current !== generation) return false;
          set({ summary: outcome.data, status: 'ready', savingPanEmail: null });
          if (outcome.message) notify('success', outcome.message);
          return true;
        } catch (error) {
          if (current !== generation) return false;
          log.error(`[admin-tax-year] ${ADMIN_TAX_YEAR_MESSAGES.panFailed}: ${describeFailure(error)}`);
          set({ savingPanEmail: null, panError: serverReason(error) ?? ADMIN_TAX_YEAR_MESSAGES.panFailed });
          return false;
        }
      },

      clearPanError: () => set({ panError: null }),

      reset: () => {
        loadSequence += 1;
        generation += 1;
        loadController?.abort();
        set(INITIAL_ADMIN_TAX_YEAR_STATE);
      },
    };
  });
}

export type AdminTaxYearStoreHook = ReturnType<typeof createAdminTaxYearStore>;
