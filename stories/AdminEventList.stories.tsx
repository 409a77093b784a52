import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminEventList } from '@charity/ui';
import { componentDocs } from './support/docs';

/** A photo-like placeholder as an inline SVG data URI: no network in stories. */
function photo(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${colour}"/><text x="400" y="320" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const image = (id: number, label: string, colour: string) => ({
  id,
  file_path: photo(label, colour),
  url: null,
  width: 800,
  height: 600,
  variants: [],
});

const HEALTH_CAMP = {
  id: 1,
  title: 'Community Health Camp',
  description: 'Free health checkups and vaccinations for children under five.',
  date: '2026-03-15',
  location: 'Shivaji Nagar Community Hall, Pune',
  impact: '240 children checked',
  status: 'completed',
  images: [],
  created_at: null,
  updated_at: null,
};
const BOOK_FAIR = {
  id: 2,
  title: 'Book Fair',
  description: 'Books for every child.',
  date: null,
  location: null,
  impact: null,
  status: 'upcoming',
  images: [],
  created_at: null,
  updated_at: null,
};
const WITH_PHOTOS = { ...HEALTH_CAMP, images: [image(11, 'Checkups', '#1d5fa8'), image(12, 'Meals', '#1e7b3c')] };

const meta = {
  title: 'Admin/Events/AdminEventList',
  component: AdminEventList,
  parameters: {
    docs: componentDocs({
      summary: 'The admin\'s event list with edit, delete and photo upload and removal per event.',
      usage: `<AdminEventList events={events} status="ready" onEdit={edit} onDelete={remove}
  onUpload={upload} onDeleteImage={removeImage} onRetry={reload} />`,
      a11y: [
        'Every action button\'s accessible name includes the event title (\'Delete image 2 of Community Health Camp\').',
        'Upload errors are announced with `role="alert"` and tied to the upload control with `aria-describedby`.',
      ],
    }),
  },
  args: {
    events: [HEALTH_CAMP, BOOK_FAIR],
    status: 'ready',
    onEdit: fn(),
    onDelete: fn(),
    onUpload: fn(),
    onDeleteImage: fn(),
    onRetry: fn(),
    // A fixed 'today', so the past-dated 'Upcoming' flag does not move with the calendar.
    today: '2026-11-22',
  },
} satisfies Meta<typeof AdminEventList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', events: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading events...');
  },
};

export const Empty: Story = {
  args: { events: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No events found' })).toBeVisible();
    await expect(canvas.getByText('Create your first event to get started')).toBeVisible();
  },
};

export const FetchFailed: Story = {
  args: { status: 'error', events: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to fetch events' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Every event with title, status, description, date, location, impact, Edit and Delete naming the event. */
export const Events: Story = {
  play: async ({ canvas, args }) => {
    const camp = within(canvas.getByRole('article', { name: 'Community Health Camp' }));
    await expect(camp.getByRole('heading', { level: 2, name: 'Community Health Camp' })).toBeVisible();
    await expect(camp.getByText('Completed')).toHaveClass('cs-badge--green');
    await expect(camp.getByText('Free health checkups and vaccinations for children under five.')).toBeVisible();
    await expect(camp.getByText('15 March 2026')).toBeVisible();
    await expect(camp.getByText('Shivaji Nagar Community Hall, Pune')).toBeVisible();
    await expect(camp.getByText('240 children checked')).toBeVisible();
    await expect(camp.getByRole('heading', { name: 'Event Images (0)' })).toBeVisible();
    await expect(camp.getByText('No images uploaded yet')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Edit Community Health Camp' }));
    await expect(args.onEdit).toHaveBeenCalledWith(HEALTH_CAMP);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Book Fair' }));
    await expect(args.onDelete).toHaveBeenCalledWith(BOOK_FAIR);
    await expect(canvas.getByText('Upcoming')).toHaveClass('cs-badge--blue');
  },
};

/** An event still 'Upcoming' though its date has passed is flagged for staff; a future or undated one is not. */
export const UpcomingDatePassed: Story = {
  args: {
    events: [
      { ...BOOK_FAIR, id: 3, title: 'Diwali Sweets Drive', date: '2026-11-01' },
      { ...BOOK_FAIR, id: 4, title: 'Christmas Carols', date: '2026-12-24' },
      BOOK_FAIR,
    ],
  },
  play: async ({ canvas }) => {
    const passed = within(canvas.getByRole('article', { name: 'Diwali Sweets Drive' }));
    await expect(passed.getByText('Date passed: still shown as Upcoming')).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'Christmas Carols' })).queryByText(/Date passed/)).toBeNull();
    await expect(within(canvas.getByRole('article', { name: 'Book Fair' })).queryByText(/Date passed/)).toBeNull();
  },
};

/** 'Event Images (2)', each photo with its own delete button. */
export const WithImages: Story = {
  args: { events: [WITH_PHOTOS] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Event Images (2)' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Photo 1 of 2 from Community Health Camp' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete image 2 of 2 from Community Health Camp' }));
    await expect(args.onDeleteImage).toHaveBeenCalledWith(WITH_PHOTOS, 12);
  },
};

/** The upload control: a labelled multi-file input for JPEG, PNG and WebP that hands over every chosen file. */
export const Upload: Story = {
  args: { events: [HEALTH_CAMP] },
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('Upload Images for Community Health Camp');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('multiple');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await expect(input).toBeEnabled();
    const files = [new File(['a'], 'one.jpg', { type: 'image/jpeg' }), new File(['b'], 'two.png', { type: 'image/png' })];
    await userEvent.upload(input, files);
    await expect(args.onUpload).toHaveBeenCalledOnce();
    const [event, sent] = (args.onUpload as ReturnType<typeof fn>).mock.calls[0] as [unknown, File[]];
    await expect(event).toEqual(HEALTH_CAMP);
    await expect(sent.map((file) => file.name)).toEqual(['one.jpg', 'two.png']);
    // Keyboard users reach the hidden input; its label shows the focus ring.
    input.blur();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(input).toHaveFocus();
  },
};

/** While uploading: that event's control is disabled and reads 'Uploading...'; others stay usable. */
export const Uploading: Story = {
  args: { uploadingIds: [1] },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Uploading... for Community Health Camp')).toBeDisabled();
    await expect(canvas.getByLabelText('Upload Images for Book Fair')).toBeEnabled();
  },
};

/** A rejected upload: the server's reason, naming the file, under that event's images. */
export const UploadRejected: Story = {
  args: { events: [HEALTH_CAMP], uploadErrors: { '1': 'photo.gif: only JPEG, PNG and WebP images are accepted.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('photo.gif: only JPEG, PNG and WebP images are accepted.');
  },
};

/** A photo whose file is missing stays listed (so it can be deleted), marked unavailable. */
export const BrokenImage: Story = {
  args: {
    events: [{ ...HEALTH_CAMP, images: [{ id: 13, file_path: 'data:image/png;base64,broken', url: null, width: null, height: null, variants: [] }] }],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('img', { name: 'Photo 1 of 1 from Community Health Camp: Image unavailable' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete image 1 of 1 from Community Health Camp' })).toBeEnabled();
  },
};

export const Mobile: Story = {
  args: { events: [WITH_PHOTOS, BOOK_FAIR] },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
  },
};
