import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { campaignFormValues } from '@charity/domain';
import { CampaignFormModal } from '@charity/ui';
import { pickOption } from './support/pick-option';
import { LIBRARY_CORNERS, pngFile } from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Campaigns/CampaignFormModal',
  component: CampaignFormModal,
  parameters: {
    docs: componentDocs({
      summary: 'The admin\'s add/edit campaign dialog with validation and image upload.',
      usage: `<CampaignFormModal open mode="add" initialValues={null} saving={false}
  onSubmit={save} onOpenChange={setOpen} />`,
      a11y: [
        'A modal dialog: focus is trapped inside, Escape closes it, focus returns to the opener.',
        'Field errors are tied to their inputs with `aria-describedby`; on submit, focus moves to the first invalid field; a save error is an alert.',
      ],
    }),
  },
  args: { open: true, mode: 'add', initialValues: null, saving: false, onSubmit: fn(), onOpenChange: fn() },
} satisfies Meta<typeof CampaignFormModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(name: string): Promise<Scope> {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

const field = {
  title: (m: Scope) => m.getByRole('textbox', { name: 'Campaign Title' }),
  description: (m: Scope) => m.getByRole('textbox', { name: 'Description' }),
  target: (m: Scope) => m.getByRole('spinbutton', { name: 'Target Amount (INR)' }),
  category: (m: Scope) => m.getByRole('combobox', { name: 'Category' }),
  status: (m: Scope) => m.getByRole('combobox', { name: 'Status' }),
  featured: (m: Scope) => m.getByRole('checkbox', { name: 'Featured campaign' }),
  start: (m: Scope) => m.getByLabelText('Start Date'),
  end: (m: Scope) => m.getByLabelText('End Date'),
  image: (m: Scope) => m.getByLabelText('Campaign Image'),
};

/** Title and description filled, the rest left as it is. */
async function fillRequired(m: Scope) {
  await userEvent.type(field.title(m), 'Library Corners');
  await userEvent.type(field.description(m), 'Reading corners in ten schools.');
}

const EDIT_VALUES = campaignFormValues(LIBRARY_CORNERS);

/** 'Add New Campaign': every field of spec §3, new campaigns start as drafts, the button waits for title and description. */
export const Add: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await expect(m.getByText('Campaign Title', { selector: 'label' })).toHaveTextContent('Campaign Title *');
    await expect(m.getByText('Description', { selector: 'label' })).toHaveTextContent('Description *');
    await expect(m.getByText('Target Amount (INR)', { selector: 'label' })).toHaveTextContent('Target Amount (INR) *');
    await expect(field.title(m)).toHaveAttribute('aria-required', 'true');
    await expect(field.target(m)).toHaveAttribute('min', '1');
    await expect(field.target(m)).toHaveAttribute('step', '1');
    await expect(field.category(m)).toHaveTextContent('General');
    await expect(field.status(m)).toHaveTextContent('Draft');
    await expect(field.featured(m)).not.toBeChecked();
    await expect(field.start(m)).toHaveAttribute('type', 'date');
    await expect(field.end(m)).toHaveAttribute('type', 'date');
    await expect(field.image(m)).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await expect(m.getByText('No picture yet')).toBeVisible();
    await expect(m.queryByRole('button', { name: 'Remove image' })).toBeNull();

    // The category and status lists offer exactly the domain's choices.
    await userEvent.click(field.category(m));
    const categories = await body.findByRole('listbox', { name: 'Category' });
    await expect(within(categories).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Education',
      'Health',
      'Nutrition',
      'Family Support',
      'Child Protection',
      'General',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await userEvent.click(field.status(m));
    const statuses = await body.findByRole('listbox', { name: 'Status' });
    await expect(within(statuses).getAllByRole('option').map((o) => o.textContent)).toEqual(['Active', 'Completed', 'Paused', 'Draft']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(args.onOpenChange).not.toHaveBeenCalled();

    const create = m.getByRole('button', { name: 'Create Campaign' });
    await expect(create).toBeDisabled();
    await userEvent.type(field.title(m), 'Library Corners');
    await expect(create).toBeDisabled();
    await userEvent.type(field.description(m), 'Reading corners in ten schools.');
    await expect(create).toBeEnabled();
  },
};

/** Every field filled and a picture chosen: onSubmit gets the form's values and the file. */
export const SubmitPayload: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await fillRequired(m);
    await userEvent.type(field.target(m), '150000');
    await userEvent.clear(m.getByRole('spinbutton', { name: 'Raised offline (INR)' }));
    await userEvent.type(m.getByRole('spinbutton', { name: 'Raised offline (INR)' }), '12000');
    await expect(m.getByRole('spinbutton', { name: 'Raised offline (INR)' })).toHaveAccessibleDescription(
      'Cheques, cash and bank transfers received outside the website. Added to the online donations in the amount the public sees.',
    );
    await userEvent.clear(m.getByRole('spinbutton', { name: 'Offline donations' }));
    await userEvent.type(m.getByRole('spinbutton', { name: 'Offline donations' }), '7');
    await pickOption(field.category(m), 'Education');
    await pickOption(field.status(m), 'Active');
    await userEvent.click(field.featured(m));
    await userEvent.type(field.start(m), '2026-12-01');
    await userEvent.type(field.end(m), '2027-03-31');
    await userEvent.upload(field.image(m), pngFile('library.png'));
    const preview = m.getByRole('img', { name: 'Preview of the chosen picture: library.png' });
    await waitFor(() => expect((preview as HTMLImageElement).naturalWidth).toBe(1));
    await expect(m.getByRole('button', { name: 'Remove image' })).toBeVisible();

    await userEvent.click(m.getByRole('button', { name: 'Create Campaign' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    const [values, image] = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]!;
    await expect(values).toEqual({
      title: 'Library Corners',
      description: 'Reading corners in ten schools.',
      status: 'active',
      is_featured: true,
      category: 'education',
      target_amount: '150000',
      offline_amount: '12000',
      offline_donation_count: '7',
      start_date: '2026-12-01',
      end_date: '2027-03-31',
    });
    await expect(image.remove).toBe(false);
    await expect(image.file).toBeInstanceOf(File);
    await expect(image.file.name).toBe('library.png');
  },
};

/** Only spaces typed in the title: the button stays disabled and, on leaving the field, the message says why. */
export const EmptyTitleAfterSpaces: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await userEvent.type(field.description(m), 'Reading corners in ten schools.');
    await userEvent.type(field.title(m), '   ');
    await userEvent.tab();
    await expect(m.getByText('Campaign title is required')).toBeVisible();
    await expect(field.title(m)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.title(m)).toHaveAccessibleDescription('Campaign title is required');
    await expect(m.getByRole('button', { name: 'Create Campaign' })).toBeDisabled();
    // Enter in a field does not submit a form whose button is disabled.
    await userEvent.click(field.title(m));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Typing a title clears the message. */
export const EmptyTitleAfterSpacesThenTyped: Story = {
  name: 'Empty Title After Spaces → Typed',
  tags: ['!visual'], // Ends with a title and no message: EmptyTitleAfterSpaces shows the message.
  play: async (context) => {
    await EmptyTitleAfterSpaces.play?.(context);
    const m = await dialog('Add New Campaign');
    await userEvent.type(field.title(m), 'Library Corners');
    await expect(m.queryByText('Campaign title is required')).toBeNull();
    await expect(field.title(m)).not.toHaveAttribute('aria-invalid');
  },
};

/** The same for a description of spaces; an untouched field says nothing when passed through. */
export const EmptyDescriptionAfterSpaces: Story = {
  play: async () => {
    const m = await dialog('Add New Campaign');
    await userEvent.click(field.title(m));
    await userEvent.tab();
    await userEvent.tab();
    await expect(m.queryByText('Campaign title is required')).toBeNull();
    await expect(m.queryByText('Campaign description is required')).toBeNull();
    await userEvent.type(field.description(m), '  ');
    await userEvent.tab();
    await expect(m.getByText('Campaign description is required')).toBeVisible();
    await expect(field.description(m)).toHaveAccessibleDescription('Campaign description is required');
  },
};

/** Target 0: the message under the field, focus moved to it, nothing sent. */
export const TargetZero: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await fillRequired(m);
    await userEvent.type(field.target(m), '0');
    await userEvent.click(m.getByRole('button', { name: 'Create Campaign' }));
    await expect(m.getByText('Target amount must be greater than 0')).toBeVisible();
    await expect(field.target(m)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.target(m)).toHaveAccessibleDescription('Target amount must be greater than 0');
    await expect(field.target(m)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Fixed, it is sent. */
export const TargetZeroThenCorrected: Story = {
  name: 'Target Zero → Corrected',
  tags: ['!visual'], // Ends on a valid form just sent: TargetZero shows the message.
  play: async (context) => {
    await TargetZero.play?.(context);
    const { args } = context;
    const m = await dialog('Add New Campaign');
    await userEvent.clear(field.target(m));
    await userEvent.type(field.target(m), '1500');
    await expect(m.queryByText('Target amount must be greater than 0')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ target_amount: '1500', status: 'draft', category: 'general', is_featured: false }),
      { file: null, remove: false },
    );
  },
};

/** A blank target is not a target either. */
export const TargetMissing: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await fillRequired(m);
    await userEvent.click(field.title(m));
    await userEvent.keyboard('{Enter}');
    await expect(m.getByText('Target amount must be greater than 0')).toBeVisible();
    await expect(field.target(m)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** End date before (or on) the start date: the message under End Date, focus there. */
export const EndBeforeStart: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await fillRequired(m);
    await userEvent.type(field.target(m), '50000');
    await userEvent.type(field.start(m), '2027-03-31');
    await userEvent.type(field.end(m), '2027-03-01');
    await userEvent.click(m.getByRole('button', { name: 'Create Campaign' }));
    await expect(m.getByText('End date must be after the start date')).toBeVisible();
    await expect(field.end(m)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.end(m)).toHaveAccessibleDescription('End date must be after the start date');
    await expect(field.end(m)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Moving the start date clears the message (the pair is checked again on submit). */
export const EndBeforeStartThenStartCleared: Story = {
  name: 'End Before Start → Start Cleared',
  tags: ['!visual'], // Ends with no start date and no message: EndBeforeStart shows the message.
  play: async (context) => {
    await EndBeforeStart.play?.(context);
    const m = await dialog('Add New Campaign');
    await userEvent.clear(field.start(m));
    await expect(m.queryByText('End date must be after the start date')).toBeNull();
  },
};

/** Several rules broken at once: every message shows, focus goes to the first field in error. */
export const FocusFirstInvalid: Story = {
  args: { mode: 'edit', initialValues: { ...EDIT_VALUES, target_amount: '0', start_date: '2027-01-10', end_date: '2027-01-10' } },
  play: async ({ args }) => {
    const m = await dialog('Edit Campaign');
    await userEvent.click(m.getByRole('button', { name: 'Update Campaign' }));
    await expect(m.getByText('Target amount must be greater than 0')).toBeVisible();
    await expect(m.getByText('End date must be after the start date')).toBeVisible();
    await expect(field.target(m)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** 'Edit Campaign' starts from the campaign's values and its current picture. */
export const EditPrefilled: Story = {
  args: { mode: 'edit', initialValues: EDIT_VALUES, imageUrl: LIBRARY_CORNERS.image_url },
  play: async ({ args }) => {
    const m = await dialog('Edit Campaign');
    await expect(field.title(m)).toHaveValue('Library Corners');
    await expect(field.description(m)).toHaveValue('Reading corners with 200 books in ten village schools.');
    await expect(field.target(m)).toHaveValue(150000);
    await expect(field.category(m)).toHaveTextContent('Education');
    await expect(field.status(m)).toHaveTextContent('Active');
    await expect(field.featured(m)).toBeChecked();
    await expect(field.start(m)).toHaveValue('2026-09-01');
    await expect(field.end(m)).toHaveValue('2027-03-31');
    await expect(m.getByRole('img', { name: 'Current campaign picture' })).toBeVisible();
    await expect(m.getByText('JPEG, PNG or WebP. Leave empty to keep the current picture.')).toBeVisible();
    const update = m.getByRole('button', { name: 'Update Campaign' });
    await expect(update).toBeEnabled();
    await userEvent.click(update);
    await expect(args.onSubmit).toHaveBeenCalledWith(EDIT_VALUES, { file: null, remove: false });
  },
};

/** 'Remove image' on the current picture: it will be removed on save (and can be kept again). */
export const RemoveImage: Story = {
  args: { mode: 'edit', initialValues: EDIT_VALUES, imageUrl: LIBRARY_CORNERS.image_url },
  play: async ({ args }) => {
    const m = await dialog('Edit Campaign');
    await userEvent.click(m.getByRole('button', { name: 'Remove image' }));
    await expect(m.queryByRole('img', { name: 'Current campaign picture' })).toBeNull();
    await expect(m.getByText('The current picture will be removed when you save.')).toBeVisible();
    // The button went with the picture; focus is on the picker, not lost.
    await expect(field.image(m)).toHaveFocus();
    await userEvent.click(m.getByRole('button', { name: 'Keep current image' }));
    await expect(m.getByRole('img', { name: 'Current campaign picture' })).toBeVisible();
    await userEvent.click(m.getByRole('button', { name: 'Remove image' }));
    await userEvent.click(m.getByRole('button', { name: 'Update Campaign' }));
    await expect(args.onSubmit).toHaveBeenCalledWith(EDIT_VALUES, { file: null, remove: true });
  },
};

/** A new picture replaces the current one: the file is sent, nothing is removed. */
export const ReplaceImage: Story = {
  args: { mode: 'edit', initialValues: EDIT_VALUES, imageUrl: LIBRARY_CORNERS.image_url },
  play: async ({ args }) => {
    const m = await dialog('Edit Campaign');
    await userEvent.upload(field.image(m), pngFile('new-cover.png'));
    await expect(m.getByRole('img', { name: 'Preview of the chosen picture: new-cover.png' })).toBeVisible();
    await expect(m.queryByRole('img', { name: 'Current campaign picture' })).toBeNull();
    await userEvent.click(m.getByRole('button', { name: 'Update Campaign' }));
    const [, image] = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]!;
    await expect(image.remove).toBe(false);
    await expect(image.file.name).toBe('new-cover.png');
  },
};

/** A file that is not a JPEG, PNG or WebP picture is refused with a message. */
export const WrongFileType: Story = {
  play: async () => {
    const m = await dialog('Add New Campaign');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(field.image(m), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await expect(m.getByText('Choose a JPEG, PNG or WebP picture.')).toBeVisible();
    await expect(field.image(m)).toHaveAttribute('aria-invalid', 'true');
    await expect(m.getByText('No picture yet')).toBeVisible();
    await user.upload(field.image(m), pngFile());
    await expect(m.queryByText('Choose a JPEG, PNG or WebP picture.')).toBeNull();
  },
};

/** Keyboard only: Tab through the fields in order, Space ticks Featured, a select by keys, Enter submits. */
export const KeyboardOnly: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await waitFor(() => expect(field.title(m)).toHaveFocus());
    await userEvent.keyboard('Library Corners');
    await userEvent.tab();
    await expect(field.description(m)).toHaveFocus();
    await userEvent.keyboard('Reading corners.');
    await userEvent.tab();
    await expect(field.target(m)).toHaveFocus();
    await userEvent.keyboard('2500');
    await userEvent.tab();
    await expect(field.category(m)).toHaveFocus();
    await userEvent.tab();
    await expect(m.getByRole('spinbutton', { name: 'Raised offline (INR)' })).toHaveFocus();
    await userEvent.tab();
    await expect(m.getByRole('spinbutton', { name: 'Offline donations' })).toHaveFocus();
    await userEvent.tab();
    await expect(field.status(m)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('listbox', { name: 'Status' });
    await userEvent.keyboard('a');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(field.status(m)).toHaveTextContent('Active');
    await userEvent.tab();
    await expect(field.featured(m)).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(field.featured(m)).toBeChecked();
    await userEvent.tab();
    await expect(field.start(m)).toHaveFocus();
    await userEvent.tab();
    await expect(field.end(m)).toHaveFocus();
    await userEvent.tab();
    await expect(field.image(m)).toHaveFocus();
    await userEvent.click(field.title(m));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Library Corners', target_amount: '2500', status: 'active', is_featured: true }),
      { file: null, remove: false },
    );
  },
};

/** Saving: 'Saving...' on a disabled button; Escape and Cancel cannot close it mid-save; fields are read-only. */
export const Saving: Story = {
  args: { mode: 'edit', saving: true, initialValues: EDIT_VALUES, imageUrl: LIBRARY_CORNERS.image_url },
  play: async ({ args }) => {
    const m = await dialog('Edit Campaign');
    const saving = m.getByRole('button', { name: 'Saving...' });
    await expect(saving).toBeDisabled();
    await expect(saving).toHaveAttribute('aria-busy', 'true');
    await expect(m.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(field.title(m)).toHaveAttribute('readonly');
    await expect(field.target(m)).toHaveAttribute('readonly');
    await expect(field.status(m)).toBeDisabled();
    await expect(field.featured(m)).toBeDisabled();
    await expect(field.image(m)).toBeDisabled();
    await expect(m.getByRole('button', { name: 'Remove image' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server refused the save: its message in a banner at the top of the form. */
export const ServerError: Story = {
  args: {
    mode: 'edit',
    initialValues: EDIT_VALUES,
    error: 'Campaign image: the file is not a JPEG, PNG or WebP picture.',
  },
  play: async () => {
    const m = await dialog('Edit Campaign');
    await expect(m.getByRole('alert')).toHaveTextContent('Campaign image: the file is not a JPEG, PNG or WebP picture.');
  },
};

export const CancelCloses: Story = {
  play: async ({ args }) => {
    const m = await dialog('Add New Campaign');
    await userEvent.click(m.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  args: { mode: 'edit', initialValues: EDIT_VALUES, imageUrl: LIBRARY_CORNERS.image_url },
  play: async () => {
    const found = await body.findByRole('dialog', { name: 'Edit Campaign' });
    await waitFor(() => expect(found).toBeVisible());
    await expect(found.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
    await expect(within(found).getByRole('button', { name: 'Update Campaign' })).toBeVisible();
  },
};
