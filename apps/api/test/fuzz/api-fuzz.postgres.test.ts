import { describePostgres } from '../support/databases.js';
import { defineApiFuzz } from './api-fuzz.js';

// The API fuzz (api-fuzz.ts) on PostgreSQL (TEST_DATABASE_URL); reported as skipped without it.
defineApiFuzz(describePostgres);
