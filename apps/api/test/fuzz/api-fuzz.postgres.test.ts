import { describePostgres } from '../support/databases.js';
import { defineApiFuzz } from './api-fuzz.js';

// The API fuzz (api-fuzz.ts) on PostgreSQL (TEST_DATABASE_URL); reported as skipped without it. 100 requests per
// operation in npm test (decision 038): the routes, validation and PostgreSQL's own parser are those the PGlite file
// fuzzes 250 deep; what differs here is the driver and the server process, which 100 per operation reach. FUZZ_RUNS
// sets both files' depth for a deeper run.
defineApiFuzz(describePostgres, { defaultRuns: 100 });
