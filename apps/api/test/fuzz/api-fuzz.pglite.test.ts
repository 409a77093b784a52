import { describePglite } from '../support/databases.js';
import { defineApiFuzz } from './api-fuzz.js';

// The API fuzz (api-fuzz.ts) on embedded PGlite, the default database: the full depth in npm test.
defineApiFuzz(describePglite, { defaultRuns: 250 });
