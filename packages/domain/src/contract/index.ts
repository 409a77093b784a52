// The wire contract (docs/decisions/021-wire-contract-and-openapi.md): every request and reply of /api, defined
// once. A subpath of its own (@charity/domain/contract) so the browser bundles never load TypeBox: the site and
// the ui import these as types only (`import type`).
export * from './common';
export * from './health';
export * from './auth';
export * from './contact';
export * from './campaigns';
export * from './events';
export * from './admin';
export * from './donations';
export * from './recurring';
export * from './attempts';
export * from './refunds';
export * from './tax-certificates';
export * from './tax-year';
export * from './organisation-settings';
export * from './partners';
export * from './widget';
