import { useEffect, useMemo, useState } from 'react';
import { financialYearsUpTo } from '@charity/domain';
import { StatementRequestForm } from '@charity/ui';
import { useAnnualStatementStore } from '../features/annual-statement/stores';
import { useDocumentTitle } from '../lib/use-document-title';

export const ANNUAL_STATEMENT_PAGE_TEXT = { title: 'Annual statement of donations' } as const;

/** Donors choose from 2021-22, the first year of Form 10BD and Form 10BE, to this one. */
const FIRST_STATEMENT_YEAR = '2021-22';

/**
 * /annual-statement (docs/decisions/027-tax-year.md): a donor asks for the statement of a financial year's gifts; a
 * signed link comes by email. For Indian donors the form says the Form 10BE certificate follows once the charity has
 * filed Form 10BD. The server sends this page with `X-Robots-Tag: noindex` (SITE_PAGES): it is reached from the
 * footer and from mails, not from search results.
 */
export default function AnnualStatementPage() {
  useDocumentTitle(ANNUAL_STATEMENT_PAGE_TEXT.title);
  const [now] = useState(() => new Date());
  const years = useMemo(() => financialYearsUpTo(now, FIRST_STATEMENT_YEAR), [now]);
  const status = useAnnualStatementStore((s) => s.status);
  const sentMessage = useAnnualStatementStore((s) => s.sentMessage);
  const error = useAnnualStatementStore((s) => s.error);
  const fieldErrors = useAnnualStatementStore((s) => s.fieldErrors);
  const { request, reset } = useAnnualStatementStore.getState();

  useEffect(() => reset, [reset]);

  return (
    <div className="cs-section">
      <meta name="robots" content="noindex" />
      <div className="cs-container">
        <StatementRequestForm
          years={years}
          // Most donors ask for the year just ended; the year under way comes first in the list.
          defaultYear={years[1] ?? years[0]}
          status={status}
          sentMessage={sentMessage}
          error={error}
          fieldErrors={fieldErrors}
          onSubmit={(body) => void request(body)}
        />
      </div>
    </div>
  );
}
