// The partner widget for React sites (docs/decisions/006-partner-widget.md): the one entry of ui that talks to a
// server, with fetch only, through the same headless donation container as the site (donation/controller/).
export { DonateWidget, type DonateWidgetProps, type DonateWidgetResult } from './DonateWidget';
