import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { AdminContactMessage } from '@charity/domain';
import { MessagesInbox, type MessagesInboxProps } from '@charity/ui';
import {
  ARCHIVED_MESSAGE,
  INBOX_MESSAGES,
  MESSAGE_COUNTS,
  PHONE_375,
  READ_MESSAGE,
  SCRIPT_TEXT,
  UNREAD_MESSAGE,
  fitsWindow,
} from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const ALL_MESSAGES: AdminContactMessage[] = [...INBOX_MESSAGES, ARCHIVED_MESSAGE];

/**
 * As /admin/messages uses it: the tab and the open message in state, each tab showing its messages (the page
 * fetches them; here they are filtered from fixed data). With `simulateSaving`, a status change leaves the message
 * 'being saved' so the busy state can be seen.
 */
function Controlled({ simulateSaving = false, ...props }: MessagesInboxProps & { simulateSaving?: boolean }) {
  const [filter, setFilter] = useState(props.filter);
  const [selectedId, setSelectedId] = useState(props.selectedId);
  const [updatingId, setUpdatingId] = useState(props.updatingId ?? null);
  const shown = props.messages.filter((message) => (filter === 'all' ? message.status !== 'archived' : message.status === filter));
  return (
    <MessagesInbox
      {...props}
      messages={shown}
      filter={filter}
      selectedId={selectedId}
      updatingId={updatingId}
      onFilterChange={(next) => {
        props.onFilterChange(next);
        setFilter(next);
      }}
      onSelect={(message) => {
        props.onSelect(message);
        setSelectedId(message.id);
      }}
      onSetStatus={(message, status) => {
        props.onSetStatus(message, status);
        if (simulateSaving) setUpdatingId(message.id);
      }}
    />
  );
}

const meta = {
  title: 'Admin/Messages/MessagesInbox',
  component: MessagesInbox,
  parameters: {
    docs: componentDocs({
      summary: 'The contact-form messages inbox: status tabs with counts, the message list and the selected message.',
      usage: `<MessagesInbox messages={messages} counts={counts} filter="all" status="ready" selectedId={null}
  onFilterChange={setFilter} onSelect={select} onSetStatus={setStatus} onRetry={reload} />`,
      a11y: [
        'Status filters are an ARIA tablist: Arrow Left/Right move between tabs, Home/End jump to the first/last, focus follows.',
        'The selected message has `aria-current`; the list is `aria-busy` while loading.',
      ],
    }),
  },
  args: {
    messages: ALL_MESSAGES,
    counts: MESSAGE_COUNTS,
    filter: 'all',
    status: 'ready',
    selectedId: null,
    onFilterChange: fn(),
    onSelect: fn(),
    onSetStatus: fn(),
    onRetry: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MessagesInbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const listNames = (canvasElement: HTMLElement) =>
  Array.from(canvasElement.querySelectorAll('.cs-inbox__item-name')).map((name) => name.textContent);

/** The description of a term in the open message ('Email', 'Received', ...). */
function fact(article: HTMLElement, term: string): HTMLElement {
  const dt = within(article)
    .getAllByRole('term')
    .find((element) => element.textContent === term);
  const dd = dt?.nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new TypeError(`No fact named ${term}`);
  return dd;
}

/** Tabs with counts (Inbox counts unread and read), the list newest first, unread in bold and named 'Unread'. */
export const Inbox: Story = {
  play: async ({ canvas, canvasElement }) => {
    const tablist = canvas.getByRole('tablist', { name: 'Messages' });
    await expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Inbox (4)',
      'Unread (2)',
      'Read (2)',
      'Archived (1)',
    ]);
    const inbox = within(tablist).getByRole('tab', { name: 'Inbox (4)' });
    await expect(inbox).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName('Inbox (4)');
    await expect(inbox).toHaveAttribute('aria-controls', canvas.getByRole('tabpanel').id);

    await expect(listNames(canvasElement)).toEqual(['Unread: Priya Sharma', 'Unread: Daniel Brooks', 'Lakshmi Menon', 'Arjun Patel']);
    const priya = canvas.getByRole('button', { name: /^Unread: Priya Sharma/ });
    await expect(priya).toHaveClass('cs-inbox__item--unread');
    await expect(getComputedStyle(priya.querySelector('.cs-inbox__item-name')!).fontWeight).toBe('800');
    await expect(priya).toHaveTextContent('21 Nov 2026, 11:00');
    await expect(priya).toHaveTextContent('Volunteer Opportunities');
    await expect(canvas.getByRole('button', { name: /^Lakshmi Menon/ })).not.toHaveClass('cs-inbox__item--unread');
    await expect(canvas.getByText('Select a message to read it.')).toBeVisible();
  },
};

/**
 * Opening an unread message: focus moves to it; every detail, the text exactly as typed (a <script> in it is
 * text, not markup); 'Mark as read', 'Archive' and 'Reply by e-mail'.
 */
export const OpenUnreadMessage: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Unread: Priya Sharma/ }));
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(args.onSelect).toHaveBeenCalledWith(UNREAD_MESSAGE);
    const heading = canvas.getByRole('heading', { level: 2, name: 'Message from Priya Sharma' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('button', { name: /^Unread: Priya Sharma/ })).toHaveAttribute('aria-current', 'true');

    const article = canvas.getByRole('article', { name: 'Message from Priya Sharma' });
    await expect(within(article).getByText('Unread')).toHaveClass('cs-badge');
    await expect(within(fact(article, 'Email')).getByRole('link', { name: 'priya@example.org' })).toHaveAttribute(
      'href',
      'mailto:priya@example.org',
    );
    await expect(within(fact(article, 'Phone')).getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    await expect(fact(article, 'Subject')).toHaveTextContent('Volunteer Opportunities');
    await expect(fact(article, 'Received')).toHaveTextContent('21 Nov 2026, 11:00');

    const text = article.querySelector('.cs-inbox__message')!;
    await expect(text.textContent).toBe(SCRIPT_TEXT);
    await expect(text.querySelector('script, b')).toBeNull();
    await expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');

    await expect(within(article).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:priya@example.org?subject=Re%3A%20Volunteer%20Opportunities',
    );
    await expect(within(article).queryByRole('button', { name: 'Mark as unread' })).toBeNull();
    await userEvent.click(within(article).getByRole('button', { name: 'Mark as read' }));
    await expect(args.onSetStatus).toHaveBeenLastCalledWith(UNREAD_MESSAGE, 'read');
    await userEvent.click(within(article).getByRole('button', { name: 'Archive' }));
    await expect(args.onSetStatus).toHaveBeenLastCalledWith(UNREAD_MESSAGE, 'archived');
    await expect(args.onSetStatus).toHaveBeenCalledTimes(2);
  },
};

/** A read message: 'Mark as unread' and 'Archive'; a phone number without a country code dials as written. */
export const ReadMessage: Story = {
  args: { selectedId: READ_MESSAGE.id },
  play: async ({ canvas, args }) => {
    const article = canvas.getByRole('article', { name: 'Message from Lakshmi Menon' });
    await expect(within(article).getByText('Read')).toHaveClass('cs-badge');
    await expect(within(fact(article, 'Phone')).getByRole('link')).toHaveAttribute('href', 'tel:9876501234');
    await expect(fact(article, 'Subject')).toHaveTextContent('General Inquiry');
    await expect(article.querySelector('.cs-inbox__message')!.textContent).toBe(
      'Do you run the summer reading camp again next year?\nMy daughter loved it.',
    );
    await expect(within(article).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    await userEvent.click(within(article).getByRole('button', { name: 'Mark as unread' }));
    await expect(args.onSetStatus).toHaveBeenCalledOnce();
    await expect(args.onSetStatus).toHaveBeenCalledWith(READ_MESSAGE, 'unread');
  },
};

/** No phone given: the fact says so instead of leaving a gap. */
export const WithoutPhone: Story = {
  args: { selectedId: 40 },
  play: async ({ canvas }) => {
    const article = canvas.getByRole('article', { name: 'Message from Daniel Brooks' });
    await expect(fact(article, 'Phone')).toHaveTextContent('Not given');
    await expect(fact(article, 'Subject')).toHaveTextContent('Donation Inquiry');
  },
};

/** The Archived tab with its message open: only 'Move to inbox' (back to read). */
export const ArchivedMessage: Story = {
  args: { filter: 'archived', selectedId: ARCHIVED_MESSAGE.id },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('tab', { name: 'Archived (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(listNames(canvasElement)).toEqual(['Sara Khan']);
    const article = canvas.getByRole('article', { name: 'Message from Sara Khan' });
    await expect(within(article).getByText('Archived')).toHaveClass('cs-badge');
    await expect(within(article).getAllByRole('button').map((button) => button.textContent)).toEqual(['Move to inbox']);
    await userEvent.click(within(article).getByRole('button', { name: 'Move to inbox' }));
    await expect(args.onSetStatus).toHaveBeenCalledOnce();
    await expect(args.onSetStatus).toHaveBeenCalledWith(ARCHIVED_MESSAGE, 'read');
  },
};

/** Its status change being saved: the message's buttons wait, disabled; the message is marked busy. */
export const Updating: Story = {
  args: { selectedId: UNREAD_MESSAGE.id, updatingId: UNREAD_MESSAGE.id },
  play: async ({ canvas }) => {
    const article = canvas.getByRole('article', { name: 'Message from Priya Sharma' });
    await expect(article).toHaveAttribute('aria-busy', 'true');
    await expect(within(article).getByRole('button', { name: 'Mark as read' })).toBeDisabled();
    await expect(within(article).getByRole('button', { name: 'Archive' })).toBeDisabled();
    await expect(within(article).getByRole('link', { name: 'Reply by e-mail' })).toBeVisible();
  },
};

/** The pressed button shows the spinner; the other one waits. */
export const UpdatingAfterClick: Story = {
  args: { selectedId: UNREAD_MESSAGE.id },
  render: (args) => <Controlled {...args} simulateSaving />,
  play: async ({ canvas, args }) => {
    const article = canvas.getByRole('article', { name: 'Message from Priya Sharma' });
    await userEvent.click(within(article).getByRole('button', { name: 'Archive' }));
    await expect(args.onSetStatus).toHaveBeenCalledOnce();
    await expect(args.onSetStatus).toHaveBeenCalledWith(UNREAD_MESSAGE, 'archived');
    await expect(within(article).getByRole('button', { name: 'Archive' })).toHaveAttribute('aria-busy', 'true');
    await expect(within(article).getByRole('button', { name: 'Mark as read' })).toBeDisabled();
    await expect(within(article).getByRole('button', { name: 'Mark as read' })).not.toHaveAttribute('aria-busy');
  },
};

/**
 * ARIA tabs by keyboard: one tab stop; arrows move and show (wrapping), Home and End jump; Tab goes on into the
 * list, and Enter opens a message.
 */
export const TabsByKeyboard: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const tab = (name: string) => canvas.getByRole('tab', { name });
    await userEvent.tab();
    await expect(tab('Inbox (4)')).toHaveFocus();
    await expect(canvas.getAllByRole('tab').filter((element) => element.tabIndex === 0)).toHaveLength(1);

    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Unread (2)')).toHaveFocus();
    await expect(tab('Unread (2)')).toHaveAttribute('aria-selected', 'true');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith('unread');
    await expect(canvas.getByRole('tabpanel')).toHaveAccessibleName('Unread (2)');
    await expect(listNames(canvasElement)).toEqual(['Unread: Priya Sharma', 'Unread: Daniel Brooks']);

    await userEvent.keyboard('{End}');
    await expect(tab('Archived (1)')).toHaveFocus();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith('archived');
    await expect(listNames(canvasElement)).toEqual(['Sara Khan']);

    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Inbox (4)')).toHaveFocus();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith('all');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(tab('Archived (1)')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(tab('Inbox (4)')).toHaveAttribute('aria-selected', 'true');
    await expect(args.onFilterChange).toHaveBeenCalledTimes(5);

    await userEvent.tab();
    const priya = canvas.getByRole('button', { name: /^Unread: Priya Sharma/ });
    await expect(priya).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(args.onSelect).toHaveBeenCalledWith(UNREAD_MESSAGE);
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Message from Priya Sharma' })).toHaveFocus());
  },
};

/** Counts not known yet: the labels alone. */
export const WithoutCounts: Story = {
  args: { counts: null },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'Unread', 'Read', 'Archived']);
  },
};

/** The shared Pagination goes under the list. */
export const WithFooter: Story = {
  args: { footer: <p className="cs-console-muted">Page 1 of 3</p> },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Page 1 of 3')).toBeVisible();
    await expect(canvasElement.querySelector('.cs-inbox__list-column')).toContainElement(canvas.getByText('Page 1 of 3'));
  },
};

/** Loading: the tabs stay, the panel says so. */
export const Loading: Story = {
  args: { status: 'loading', messages: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading messages...');
    await expect(canvas.getAllByRole('tab')).toHaveLength(4);
  },
};

export const Empty: Story = {
  args: { messages: [], counts: { unread: 0, read: 0, archived: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No messages' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Inbox (0)' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const Failed: Story = {
  args: { status: 'error', messages: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to load messages' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** 375 px: list, then the open message below it; choosing one brings it into view with focus. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Arjun Patel/ }));
    const heading = canvas.getByRole('heading', { name: 'Message from Arjun Patel' });
    await waitFor(() => expect(heading).toHaveFocus());
    const box = heading.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(fitsWindow()).toBe(true);
  },
};
