import { expect, userEvent, waitFor, within } from 'storybook/test';

// Radix Select renders its listbox in a portal on document.body, outside the story's canvas.
const body = within(document.body);

/** Opens a Radix select by clicking its trigger, picks the option by name, and waits until the list has closed. */
export async function pickOption(trigger: HTMLElement, option: string) {
  await userEvent.click(trigger);
  const listbox = await body.findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
}
