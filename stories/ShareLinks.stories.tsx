import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ShareLinks } from '@charity/ui';
import { componentDocs } from './support/docs';

const URL = 'https://charity.example/campaigns/clean-water-for-barmer';
const TITLE = 'Clean water for Barmer';
const TEXT = 'I just gave to this campaign. You can help too:';

/** Replaces navigator.clipboard for one story; the returned function puts the browser's own back. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return () => {
    if (own) Object.defineProperty(navigator, 'clipboard', own);
    else delete (navigator as { clipboard?: unknown }).clipboard;
  };
}

const writeText = fn(async (_text: string) => {});
const refusedWrite = fn(async (_text: string) => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));

const meta = {
  title: 'Components/ShareLinks',
  component: ShareLinks,
  parameters: {
    docs: componentDocs({
      summary:
        "A share row for a campaign: 'Copy link' and plain links to WhatsApp, email, X and Facebook (their own share pages; no third-party script). Used on the thank-you after a campaign gift and on a campaign's page.",
      usage: `<ShareLinks url="https://charity.example/campaigns/clean-water" title="Clean water" text="I just gave:" />`,
      a11y: [
        "A section named by its heading ('Share this campaign', the `label` prop); `headingLevel={null}` makes the label plain text.",
        "Each link's accessible name says what it does ('Share on WhatsApp') and its description that it opens a new tab; icons are hidden.",
        "Copying is announced politely ('Link copied'); a refused copy says so and focuses the address, selected, to copy by hand.",
      ],
    }),
  },
  args: { url: URL, title: TITLE, text: TEXT, onCopied: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '36rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ShareLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The row: a heading, 'Copy link' and four plain links with the campaign's address and title in them. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Share this campaign' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Share this campaign' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();

    const whatsapp = canvas.getByRole('link', { name: 'Share on WhatsApp' });
    await expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${TEXT} ${TITLE} ${URL}`)}`,
    );
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(whatsapp).toHaveAccessibleDescription('Opens in a new tab');

    const email = canvas.getByRole('link', { name: 'Share by email' });
    await expect(email).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(TITLE)}&body=${encodeURIComponent(`${TEXT} ${TITLE}\n\n${URL}`)}`,
    );
    // The mail app is not another site: no new tab.
    await expect(email).not.toHaveAttribute('target');

    const x = canvas.getByRole('link', { name: 'Share on X' });
    await expect(x).toHaveAttribute(
      'href',
      `https://x.com/intent/post?text=${encodeURIComponent(`${TEXT} ${TITLE}`)}&url=${encodeURIComponent(URL)}`,
    );
    await expect(x).toHaveAttribute('rel', 'noopener noreferrer');

    const facebook = canvas.getByRole('link', { name: 'Share on Facebook' });
    await expect(facebook).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL)}`);
    await expect(facebook).toHaveAttribute('target', '_blank');

    // Nothing said until something happens.
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** 'Copy link' writes the address to the clipboard and says 'Link copied' politely. */
export const Copied: Story = {
  beforeEach: () => {
    writeText.mockClear();
    return stubClipboard(writeText);
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Link copied'));
    await expect(writeText).toHaveBeenCalledWith(URL);
    await expect(args.onCopied).toHaveBeenCalledTimes(1);
  },
};

/** The browser refuses the clipboard: said plainly, and the address is offered focused and selected to copy by hand. */
export const CopyRefused: Story = {
  beforeEach: () => {
    refusedWrite.mockClear();
    return stubClipboard(refusedWrite);
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Your browser did not let us copy. Select the address below and copy it:'),
    );
    const address = canvas.getByRole('textbox', { name: 'Link to this campaign' });
    await expect(address).toHaveValue(URL);
    await expect(address).toHaveAttribute('readonly');
    await waitFor(() => expect(address).toHaveFocus());
    const input = address as HTMLInputElement;
    await expect([input.selectionStart, input.selectionEnd]).toEqual([0, URL.length]);
    await expect(refusedWrite).toHaveBeenCalledWith(URL);
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

/** Its own label, as plain text (inside a message whose outline has no room for a heading). */
export const PlainLabel: Story = {
  args: { label: 'Pass it on', headingLevel: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Pass it on' })).toBeVisible();
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};

/** On a phone the links wrap, each a 44px target. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    for (const link of canvas.getAllByRole('link')) {
      await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await expect(canvas.getByRole('button', { name: 'Copy link' }).getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
