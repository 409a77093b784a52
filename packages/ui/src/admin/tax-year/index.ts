// /admin/tax-year (docs/decisions/027-tax-year.md): the panel of an Indian financial year, its donors table, the
// Form 10BE ZIP upload and what became of each file, and the dialog recording a donor's PAN. Props in, callbacks out.
export {
  TaxYearPanel,
  type TaxYearPanelProps,
  type TaxYearAction,
  type TaxYearMessage,
} from './TaxYearPanel';
export { TaxDonorsTable, type TaxDonorsTableProps, type TaxDonorsFilter } from './TaxDonorsTable';
export { AddPanDialog, type AddPanDialogProps } from './AddPanDialog';
export {
  CertificateUploadForm,
  CERTIFICATE_ZIP_ACCEPT,
  certificateZipProblem,
  type CertificateUploadFormProps,
} from './CertificateUploadForm';
export { CertificateUploadResultList, type CertificateUploadResultListProps } from './CertificateUploadResultList';
export {
  TAX_YEAR_TEXT,
  DONORS_TABLE_TEXT,
  ADD_PAN_TEXT,
  UPLOAD_RESULT_TEXT,
  UPLOAD_OUTCOME_LABELS,
  addPanDescription,
  addPanTitle,
  approvalText,
  approvalWarnings,
  financialYearOptionLabel,
  form10bdDueText,
  uploadSummaryText,
} from './tax-year-text';
