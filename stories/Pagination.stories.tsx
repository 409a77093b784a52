import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Pagination, type PaginationProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Shell/Pagination',
  component: Pagination,
  parameters: {
    docs: componentDocs({
      summary: 'Previous/next and page numbers for admin lists.',
      usage: `<Pagination page={2} totalPages={7} onPageChange={setPage} />`,
      a11y: [
        'A `<nav>` landmark; pass `label` to give each one on a screen its own name (\'Donation pages\').',
        'The status (\'Page 2 of 7\') is announced politely after a change.',
      ],
    }),
  },
  args: { page: 2, totalPages: 7, onPageChange: fn() },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A middle page: both buttons work and ask for the neighbouring pages. */
export const MiddlePage: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Pagination' });
    await expect(nav).toBeVisible();
    const status = canvas.getByText('Page 2 of 7');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(args.onPageChange).toHaveBeenCalledTimes(2);
  },
};

/** The first page: 'Previous' is disabled. */
export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Page 1 of 7')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

/** The last page: 'Next' is disabled. */
export const LastPage: Story = {
  args: { page: 7 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Page 7 of 7')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).not.toHaveBeenCalled();
  },
};

/** One page (or none): nothing to page through, nothing rendered. */
export const SinglePage: Story = {
  args: { page: 1, totalPages: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Two lists on one screen need two names. */
export const CustomLabel: Story = {
  args: { label: 'Donation pages' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Donation pages' })).toBeVisible();
  },
};

/** An out-of-range page is shown within the range. */
export const PageOutOfRange: Story = {
  args: { page: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Page 7 of 7')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onPageChange={(next) => {
        props.onPageChange(next);
        setPage(next);
      }}
    />
  );
}

/** Keyboard only: paging on to the last page leaves focus on 'Previous', not lost with the disabled 'Next'. */
export const KeyboardToTheEnd: Story = {
  args: { page: 5 },
  render: (args) => <Stateful {...args} />,
  play: async ({ canvas, args }) => {
    const next = canvas.getByRole('button', { name: 'Next' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Page 6 of 7')).toBeVisible();
    await expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Page 7 of 7')).toBeVisible();
    await expect(next).toBeDisabled();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Previous' })).toHaveFocus());
    await expect(args.onPageChange).toHaveBeenCalledTimes(2);
    await expect(args.onPageChange).toHaveBeenLastCalledWith(7);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const previous = canvas.getByRole('button', { name: 'Previous' }).getBoundingClientRect();
    const next = canvas.getByRole('button', { name: 'Next' }).getBoundingClientRect();
    // One row even at 375 px.
    await expect(Math.abs(previous.top - next.top)).toBeLessThan(2);
  },
};
