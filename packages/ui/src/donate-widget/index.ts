// The partner widget (issue 7): the one entry of ui that talks to a server, with fetch only.
export { DonateWidget, type DonateWidgetProps, type DonateWidgetResult } from './DonateWidget';
