import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AdminPageHeader, Button } from '@charity/ui';
import { PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const onExport = fn();
const onAdd = fn();

const meta = {
  title: 'Admin/Shell/AdminPageHeader',
  component: AdminPageHeader,
  parameters: {
    docs: componentDocs({
      summary: 'Title and description at the top of every admin page, with optional actions.',
      usage: `<AdminPageHeader title="Donations" description="Every donation, newest first." />`,
      a11y: [
        'Renders the page\'s `<h1>`; keep one per page.',
      ],
    }),
  },
  args: { title: 'Donations', description: 'Every donation, newest first. Filter, search and export them.' },
} satisfies Meta<typeof AdminPageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page's one h1, its line of text and its actions. */
export const WithActions: Story = {
  args: {
    actions: (
      <>
        <Button variant="outline" onClick={() => onExport()}>
          Export CSV
        </Button>
        <Button onClick={() => onAdd()}>Add Campaign</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    onExport.mockClear();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
    await expect(canvas.getByText('Every donation, newest first. Filter, search and export them.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
    await expect(onExport).toHaveBeenCalledOnce();
  },
};

export const TitleOnly: Story = {
  args: { title: 'Messages', description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** At 375 px the actions wrap under the title instead of widening the page. */
export const Phone: Story = {
  ...PHONE_375,
  args: WithActions.args,
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', { level: 1 }).getBoundingClientRect();
    const add = canvas.getByRole('button', { name: 'Add Campaign' }).getBoundingClientRect();
    await expect(add.top).toBeGreaterThan(title.bottom);
    await expect(fitsWindow()).toBe(true);
  },
};
