// The admin console (docs/decisions/005-admin-console.md): navigation, dashboard, donations, messages and the campaign
// form.
export * from './nav';
export * from './dashboard';
export * from './donations';
export * from './attempts';
export * from './messages';
export * from './campaign-form';
export * from './console-messages';
export * from './events';
