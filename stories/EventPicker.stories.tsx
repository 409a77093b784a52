import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { EventPicker, type EventPickerProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const EVENTS = [
  { id: 1, title: 'Community Health Camp', date: '2026-03-15' },
  { id: 2, title: 'Back to School Kit Drive', date: '2025-06-02' },
  { id: 3, title: 'Winter Clothing Drive', date: null },
];

/** Controlled as the events page uses it: the first event is selected until another is picked. */
function Controlled(props: EventPickerProps) {
  const [selectedId, setSelectedId] = useState(props.selectedId);
  return (
    <EventPicker
      {...props}
      selectedId={selectedId}
      onSelect={(id) => {
        props.onSelect(id);
        setSelectedId(id);
      }}
    />
  );
}

const meta = {
  title: 'Events/EventPicker',
  component: EventPicker,
  parameters: {
    docs: componentDocs({
      summary: 'Events page: one toggle button per event to choose which event\'s gallery is shown.',
      usage: `<EventPicker events={events} selectedId={selectedId} onSelect={setSelectedId} />`,
      a11y: [
        'A labelled group of toggle buttons; the chosen one has `aria-pressed="true"`.',
      ],
    }),
  },
  args: { events: EVENTS, selectedId: 1, onSelect: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof EventPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Select an Event' with one toggle button per event; the first is pressed. Dates read '15 March 2026'. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Select an Event' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Select an Event' })).toBeVisible();
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Community Health Camp 15 March 2026' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Back to School Kit Drive 2 June 2025' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', { name: 'Winter Clothing Drive' })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** Choosing another event (by click or keyboard) reports its id and moves the pressed state. */
export const SelectAnother: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Back to School Kit Drive/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(2);
    await expect(canvas.getByRole('button', { name: /Back to School Kit Drive/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: /Community Health Camp/ })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Winter Clothing Drive' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(3);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(3);
  },
};
