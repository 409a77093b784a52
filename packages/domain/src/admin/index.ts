// The admin console (issue 6): navigation, dashboard, donations, messages and the campaign form.
export * from './nav';
export * from './dashboard';
export * from './donations';
export * from './messages';
export * from './campaign-form';
export * from './console-messages';
