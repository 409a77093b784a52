// The donor's annual statement of donations: the public form that asks for the mailed link (/annual-statement).
export {
  StatementRequestForm,
  STATEMENT_REQUEST_TEXT,
  statementRequestProblems,
  statementYearLabel,
  type StatementRequest,
  type StatementRequestFormProps,
} from './StatementRequestForm';
