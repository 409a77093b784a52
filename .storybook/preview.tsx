import type { Preview } from '@storybook/react-vite';
import type { MouseEvent } from 'react';
import { LinkProvider, type UiLinkProps } from '@charity/ui';
import '@charity/ui/styles.css';
// The canvas's body as the site's (font, colour, background, line height): see the file for why only the body.
import './preview.css';

// Internal links ('/about') would navigate the preview iframe away from the story. This stand-in for the
// site's router link keeps the click in place; stories that test the default <a> opt out with
// `parameters: { linkProvider: false }`, and stories that simulate routing wrap their own LinkProvider.
function StoryLink({ onClick, ...props }: UiLinkProps) {
  return (
    <a
      {...props}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (props.href.startsWith('/')) event.preventDefault();
      }}
    />
  );
}

const preview: Preview = {
  // 'autodocs': a docs page (props table, description, every story) for each component.
  // 'visual': every story is screenshotted by e2e/visual; a story opts out with tags: ['!visual'] and a reason.
  tags: ['autodocs', 'visual'],
  parameters: {
    // Any axe violation fails the story's test, in the browser and in `npm test`.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'padded',
    options: {
      // One sidebar order that follows the product (decision 034): the library's foundations and building blocks,
      // then the public site as a visitor meets it (its navigation: Home, About, Campaigns, then giving, Events,
      // Contact), the admin area in its navigation's order (packages/domain/src/admin/nav.ts), and the partner
      // widget. Inline and literal: Storybook reads this from the file's source, without running it.
      // scripts/storybook-sidebar.test.ts fails when a story's top-level group (or an admin screen) is not listed.
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Components',
          'Layout',
          'Pages',
          'Marketing',
          'About',
          'Campaigns',
          'Donation',
          [
            'Donate page',
            ['DonateHero', 'Sections', 'FeaturedCampaignPicker', 'CountryGrid', 'ImpactList'],
            'DonationWizard',
            'StepIndicator',
            'AmountStep',
            'DetailsStep',
            'ReviewStep',
            'PaymentPanel',
            'Monthly gift',
            ['ManageGiftView', 'GiftSummary', 'GiftStatusBadge', 'GiftPaymentsTable', 'ChangeAmountDialog', 'PauseGiftDialog', 'CancelGiftDialog', 'RequestGiftLinkForm'],
            'Annual statement',
          ],
          'Events',
          'Contact',
          'Admin',
          [
            'Sign-in',
            ['LoginForm', 'SessionEndedDialog'],
            'Shell',
            ['AdminLayout', 'AdminPageHeader', 'SessionExpiryNotice', 'ConfirmDialog', 'Pagination'],
            'Dashboard',
            ['DashboardScreen', 'BackupStatusNotice', 'DashboardTotals', 'DonationsChart', 'TopCampaignsList', 'RecentDonationsTable', 'DashboardError'],
            'Campaigns',
            ['AdminCampaignList', 'CampaignFormModal'],
            'Events',
            ['AdminEventsHeader', 'AdminEventFilters', 'AdminEventList', 'EventFormModal'],
            'Donations',
            ['DonationFilters', 'DonationsTable', 'DonationDetailDialog', 'RefundDialog', 'AttemptsTable', 'PartnerReportTable'],
            'Monthly gifts',
            ['AdminGiftList', 'StaffCancelGiftDialog'],
            'Tax year',
            ['TaxYearPanel', 'TaxDonorsTable', 'AddPanDialog', 'CertificateUploadForm', 'CertificateUploadResultList'],
            'Messages',
            ['MessagesInbox', 'OutboxList'],
            'Settings',
          ],
          'Partner',
          ['Widget', 'DonateWidget'],
        ],
      },
    },
  },
  decorators: [
    (Story, { parameters }) =>
      parameters.linkProvider === false ? (
        <Story />
      ) : (
        <LinkProvider component={StoryLink}>
          <Story />
        </LinkProvider>
      ),
  ],
};
export default preview;
