import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AdminCampaignList, Pagination } from '@charity/ui';
import { CAMPAIGNS, HEALTH_CAMP, LIBRARY_CORNERS, RECORDS_NOW, SCHOOL_KITS } from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Campaigns/AdminCampaignList',
  component: AdminCampaignList,
  parameters: {
    docs: componentDocs({
      summary: 'The admin\'s campaign table with edit and delete actions, plus loading, empty and error states.',
      usage: `<AdminCampaignList campaigns={campaigns} status="ready" now={new Date()}
  onEdit={openEditor} onDelete={confirmDelete} onRetry={reload} />`,
      a11y: [
        'Rendered as an ARIA table (`role="table"`, column headers, the campaign title as row header), so screen readers announce the column of every cell.',
        'Edit and Delete are real buttons whose accessible names include the campaign title.',
      ],
    }),
  },
  args: { campaigns: CAMPAIGNS, status: 'ready', now: RECORDS_NOW, onEdit: fn(), onDelete: fn(), onRetry: fn() },
} satisfies Meta<typeof AdminCampaignList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One row per campaign: picture, title, status, Featured, raised vs goal, donations, end date, Edit and Delete. */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Campaigns' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Campaign',
      'Status',
      'Raised',
      'Donations',
      'Ends',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);

    const library = within(rows[0]!);
    await expect(library.getByRole('rowheader')).toHaveTextContent('Library CornersEducationFeatured');
    await expect(library.getByText('Active')).toBeVisible();
    await expect(library.getByText('₹45,000 of ₹1,50,000')).toBeVisible();
    const progress = library.getByRole('progressbar', { name: 'Funding progress of Library Corners' });
    await expect(progress).toHaveAttribute('aria-valuenow', '30');
    await expect(progress).toHaveAttribute('aria-valuetext', '₹45,000 of ₹1,50,000 raised');
    const cells = library.getAllByRole('cell');
    await expect(cells[2]).toHaveTextContent(/^12$/);
    await expect(cells[3]).toHaveTextContent(/^31 Mar 2027$/);
    // The picture is decorative beside the title.
    await expect(rows[0]!.querySelector('img')).toHaveAttribute('alt', '');

    // A draft without a picture, end date or donations.
    const health = within(rows[1]!);
    await expect(health.getByText('Draft')).toBeVisible();
    await expect(health.queryByText('Featured')).toBeNull();
    await expect(health.getByText('₹0 of ₹80,000')).toBeVisible();
    await expect(health.getByText('No end date')).toBeVisible();
    await expect(rows[1]!.querySelector('img')).toBeNull();

    // Set to Active but ended: it reads Completed, and says what staff set.
    const kits = within(rows[2]!);
    await expect(kits.getByText('Completed')).toBeVisible();
    await expect(kits.getByText('Set to Active')).toBeVisible();
    await expect(kits.getByText('₹2,12,500 of ₹2,00,000')).toBeVisible();
    await expect(kits.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(kits.getByText('1,032')).toBeVisible();
    // Part of its figure was entered by staff as raised offline: the public sees the sum, staff see the split.
    await expect(kits.getByText('₹12,500 online · ₹2,00,000 offline')).toBeVisible();
    await expect(kits.getByText('1,000 offline')).toBeVisible();
    await expect(library.queryByText(/offline/)).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'Edit Library Corners' }));
    await expect(args.onEdit).toHaveBeenCalledWith(LIBRARY_CORNERS);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Winter Health Camp' }));
    await expect(args.onDelete).toHaveBeenCalledWith(HEALTH_CAMP);
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
  },
};

/** Keyboard: every row's actions are reachable in order with Tab. */
export const KeyboardActions: Story = {
  args: { campaigns: [LIBRARY_CORNERS, SCHOOL_KITS] },
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Edit Library Corners' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Delete Library Corners' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Edit School Kits 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onEdit).toHaveBeenCalledWith(SCHOOL_KITS);
  },
};

export const Loading: Story = {
  args: { status: 'loading', campaigns: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns...');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The spec's 'Failed to load campaigns', with a way to try again. */
export const LoadFailed: Story = {
  args: { status: 'error', campaigns: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to load campaigns' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { campaigns: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
    await expect(canvas.getByText('Create your first campaign to start raising funds for it.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The footer slot carries the list's paging. */
export const WithPagination: Story = {
  args: { footer: <Pagination page={1} totalPages={3} onPageChange={fn()} label="Campaign pages" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Campaign pages' })).toHaveTextContent('Page 1 of 3');
  },
};

/** A picture that fails to load turns into the neutral placeholder, not a broken-image icon. */
export const BrokenImage: Story = {
  args: { campaigns: [{ ...LIBRARY_CORNERS, image_url: '/uploads/campaigns/missing.webp' }], imageBaseUrl: 'http://127.0.0.1:9' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull(), { timeout: 5000 });
    await expect(canvasElement.querySelector('.cs-admin-campaigns__thumb--empty')).not.toBeNull();
  },
};

/** At 375 px each campaign is a card: no sideways scrolling, actions inside the card. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBeLessThan(500);
    const rows = within(canvas.getByRole('table', { name: 'Campaigns' })).getAllByRole('row').slice(1);
    await expect(rows[1]!.getBoundingClientRect().top).toBeGreaterThan(rows[0]!.getBoundingClientRect().bottom);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    const edit = canvas.getByRole('button', { name: 'Edit Library Corners' }).getBoundingClientRect();
    await expect(edit.right).toBeLessThanOrEqual(rows[0]!.getBoundingClientRect().right);
    // Each cell names its column on screen.
    await expect(getComputedStyle(rows[0]!.querySelector('td[data-label]')!, '::before').content).toContain('Status');
  },
};
