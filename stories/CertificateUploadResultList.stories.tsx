import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CertificateUploadResultList } from '@charity/ui';
import { componentDocs } from './support/docs';
import { UPLOAD_ALL_MATCHED, UPLOAD_WITH_MISMATCHES } from './support/tax-year-fixtures';

const meta = {
  title: 'Admin/Tax year/CertificateUploadResultList',
  component: CertificateUploadResultList,
  parameters: {
    docs: componentDocs({
      summary:
        'What became of each file of a Form 10BE ZIP: matched to a donor by PAN and acknowledgement number, replacing an earlier upload, matched to nobody, or rejected, with the reason. The problems come first.',
      usage: `{result ? <CertificateUploadResultList result={result} /> : null}`,
      a11y: [
        "A region named by its h3 ('Certificates uploaded'), a one-line count, and a list; each outcome is written as a word in its badge, never a colour alone.",
      ],
    }),
  },
  args: { result: UPLOAD_WITH_MISMATCHES },
} satisfies Meta<typeof CertificateUploadResultList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two matched, two for nobody, two that are not certificates: the problems first, each with its reason. */
export const WithMismatches: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Certificates uploaded' });
    await expect(within(region).getByText('2 matched, 2 not matched, 2 rejected')).toBeVisible();
    const items = within(region).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'readme.txtRejectedNot a PDF file.',
      'scan-0001.pdfRejectedNo donor PAN or Aadhaar number was found in this certificate.',
      'ZZZPX0000Z_2026-27.pdfNot matchedNo donor of this year has this PAN.PANZZZPX0000ZAcknowledgement number998877665544',
      'AFZPS7788Q_2025-26.pdfNot matchedThis certificate is for another financial year (2025-26).PANAFZPS7788QAcknowledgement number998877665545',
      'BNZPM2501F_2026-27.pdfReplaced an earlier uploadDonorrahul.mehta@example.orgPANBNZPM2501FAcknowledgement number123456789013',
      'ABCPR1234K_2026-27.pdfMatchedDonorasha.rao@example.orgPANABCPR1234KAcknowledgement number123456789012',
    ]);
  },
};

/** Every file found its donor. */
export const AllMatched: Story = {
  args: { result: UPLOAD_ALL_MATCHED },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 matched, 0 not matched, 0 rejected')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByText('Rejected')).toBeNull();
  },
};
