import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { TAX_YEAR_MESSAGES } from '@charity/domain';
import { CertificateUploadForm } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Tax year/CertificateUploadForm',
  component: CertificateUploadForm,
  parameters: {
    docs: componentDocs({
      summary:
        "The Form 10BE ZIP picker of /admin/tax-year and its 'Upload certificates' button. The browser refuses no file, a file not named .zip, an empty one or one over 25 MB before anything is sent; the server's refusal of a junk ZIP is shown under the field.",
      usage: `<CertificateUploadForm uploading={busy === 'upload'} error={uploadError} onUpload={upload} />`,
      a11y: [
        'A labelled file input accepting .zip; a problem is tied to it (`aria-invalid`, `aria-describedby`, announced politely) and focus returns to it.',
        "While uploading the button reads 'Uploading...' (busy) and the picker is locked.",
      ],
    }),
  },
  args: { uploading: false, error: null, onUpload: fn() },
} satisfies Meta<typeof CertificateUploadForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const LABEL = 'Form 10BE certificates (ZIP from the income-tax portal)';
const zip = (bytes = 'PK\u0003\u0004 certificates', name = '10BE_2026-27.zip') => new File([bytes], name, { type: 'application/zip' });

/** Nothing chosen yet. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(LABEL);
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('accept', '.zip,application/zip,application/x-zip-compressed');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** A ZIP chosen (which clears an earlier problem) and uploaded reaches the callback as it is. */
export const EmptyThenUpload: Story = {
  name: 'Empty → Upload',
  tags: ['!visual'], // Ends with a ZIP chosen and sent: Empty shows the form as it opens.
  play: async (context) => {
    await Empty.play?.(context);
    const { canvas, args } = context;
    const input = canvas.getByLabelText(LABEL);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload certificates' }));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const file = zip();
    await userEvent.upload(input, file);
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Upload certificates' }));
    await expect(args.onUpload).toHaveBeenCalledOnce();
    await expect(args.onUpload).toHaveBeenCalledWith(file);
  },
};

/** 'Upload certificates' with no file: the domain's sentence, focus on the picker, nothing sent. */
export const NoFileChosen: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Upload certificates' }));
    const input = canvas.getByLabelText(LABEL);
    await expect(input).toHaveAccessibleDescription('Upload the ZIP file of Form 10BE certificates downloaded from the income-tax portal.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveFocus();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** A PDF instead of the ZIP: refused in the browser. */
export const NotAZip: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText(LABEL);
    await userEvent.upload(input, new File(['%PDF-1.7'], 'certificate.pdf', { type: 'application/pdf' }), { applyAccept: false });
    await userEvent.click(canvas.getByRole('button', { name: 'Upload certificates' }));
    await expect(input).toHaveAccessibleDescription(TAX_YEAR_MESSAGES.zipInvalid);
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** Over 25 MB: refused before the upload starts. */
export const TooLarge: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText(LABEL);
    const big = zip();
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await userEvent.upload(input, big);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload certificates' }));
    await expect(input).toHaveAccessibleDescription('The ZIP file is larger than 25 MB.');
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** The ZIP is on its way. */
export const Uploading: Story = {
  args: { uploading: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Uploading...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByLabelText(LABEL)).toBeDisabled();
  },
};

/** The server opened the ZIP and found junk: its sentence under the field. */
export const RefusedJunkZip: Story = {
  args: { error: TAX_YEAR_MESSAGES.zipEmpty },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(LABEL);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('The ZIP file holds no PDF certificates.');
    await expect(canvas.getByText('The ZIP file holds no PDF certificates.')).toBeVisible();
  },
};
