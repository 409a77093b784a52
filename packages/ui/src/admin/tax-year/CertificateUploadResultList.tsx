import { useId } from 'react';
import type { CertificateMatch, CertificateUploadResult } from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';
import { cn } from '../../lib/cn';
import { UPLOAD_OUTCOME_LABELS, UPLOAD_RESULT_TEXT, uploadSummaryText } from './tax-year-text';

export interface CertificateUploadResultListProps {
  result: CertificateUploadResult;
  className?: string;
}

const OUTCOME_TONES: Readonly<Record<CertificateMatch['outcome'], BadgeTone>> = {
  rejected: 'red',
  unmatched: 'yellow',
  replaced: 'blue',
  matched: 'green',
};

// What staff must act on comes first: a rejected file, then one matched to nobody, then the files that went in.
const OUTCOME_ORDER: readonly CertificateMatch['outcome'][] = ['rejected', 'unmatched', 'replaced', 'matched'];

/**
 * What became of each file of a Form 10BE ZIP: matched to a donor (by PAN and acknowledgement number), replacing an
 * earlier upload, matched to nobody, or rejected, with the file's name and, for the last two, the reason in staff's
 * words. The problems are listed first.
 */
export function CertificateUploadResultList({ result, className }: CertificateUploadResultListProps) {
  const id = useId();
  const files = [...result.files].sort((a, b) => OUTCOME_ORDER.indexOf(a.outcome) - OUTCOME_ORDER.indexOf(b.outcome));
  return (
    <section className={cn('cs-tax-upload-result', className)} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="cs-tax-upload-result__heading">
        {UPLOAD_RESULT_TEXT.heading}
      </h3>
      <p className="cs-tax-upload-result__summary">{uploadSummaryText(result)}</p>
      <ul className="cs-tax-upload-result__list">
        {files.map((file, index) => (
          <li key={`${file.file_name}-${index}`} className={cn('cs-tax-upload-result__item', `cs-tax-upload-result__item--${file.outcome}`)}>
            <div className="cs-tax-upload-result__line">
              <span className="cs-tax-upload-result__file">{file.file_name}</span>
              <Badge tone={OUTCOME_TONES[file.outcome]}>{UPLOAD_OUTCOME_LABELS[file.outcome]}</Badge>
            </div>
            {file.reason ? <p className="cs-tax-upload-result__reason">{file.reason}</p> : null}
            {file.donor_email || file.pan || file.acknowledgement_number ? (
              <dl className="cs-tax-upload-result__facts">
                {file.donor_email ? <Fact term={UPLOAD_RESULT_TEXT.donor} value={file.donor_email} /> : null}
                {file.pan ? <Fact term={UPLOAD_RESULT_TEXT.pan} value={file.pan} /> : null}
                {file.acknowledgement_number ? <Fact term={UPLOAD_RESULT_TEXT.acknowledgement} value={file.acknowledgement_number} /> : null}
              </dl>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="cs-tax-upload-result__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
