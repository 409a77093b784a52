import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ORGANISATION } from '@charity/domain';
import { DonationWizard, INITIAL_DONATION_WIZARD_VALUE, type DonationWizardValue } from '@charity/ui';
// The widget's own code, as widget.js and the embed page run it: the partner's colour as the page's custom properties
// (the embed page puts them on its <html>), and the launcher, dialog and message widget.js draws on the partner's page.
import { themeProperties } from '../apps/site/src/embed/theme';
import { blockedMessage, createLauncher, donateUrl, openDialog, widgetPalette } from '../apps/site/src/widget/widget-ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const CAMPAIGN = { id: 4, title: 'Nutritious Midday Meals' };
const TITLE = `Donate to ${ORGANISATION.name}`;
/** The partner colour of the custom-theme stories (data-theme="#0f766e"). */
const TEAL = '#0f766e';
/** A light partner colour: text on it turns dark. */
const YELLOW = '#facc15';

/**
 * The embed page's wizard (apps/site/src/embed/EmbedDonate.tsx) with the partner's colour: the library's wizard with
 * step 1 naming the campaign, under an element carrying the same custom properties the page's <html> gets. The payment
 * step is the site's (Stripe or the sandbox) and is not reached here.
 */
function EmbeddedWizard({ theme }: { theme?: string }) {
  const [value, setValue] = useState<DonationWizardValue>(INITIAL_DONATION_WIZARD_VALUE);
  const style = Object.fromEntries(theme ? themeProperties(theme) : []) as CSSProperties;
  return (
    <div className="cs-embed" data-testid="embed" style={style}>
      <DonationWizard value={value} onChange={setValue} campaign={CAMPAIGN} nameCampaign headingLevel={2} renderPayment={() => null} />
    </div>
  );
}

/** widget.js in data-mode="button": its launcher here, its dialog over the page with the embedded wizard in place of the frame. */
function ButtonMode({ theme }: { theme?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [content, setContent] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const palette = widgetPalette(theme);
    const launcher = createLauncher(palette);
    host.current?.append(launcher);
    let close: (() => void) | null = null;
    launcher.addEventListener('click', () => {
      if (close) return;
      const frame = document.createElement('div');
      close = openDialog({
        opener: launcher,
        title: TITLE,
        content: frame,
        palette,
        onClosed: () => {
          close = null;
          setContent(null);
        },
      });
      setContent(frame);
    });
    return () => {
      close?.();
      launcher.remove();
    };
  }, [theme]);
  return (
    <>
      <div ref={host} className="charity-donate-widget" />
      {content ? createPortal(<EmbeddedWizard theme={theme} />, content) : null}
    </>
  );
}

/** What widget.js shows in place of the frame on a site the charity does not list (decision 033). */
function NotAllowed({ theme }: { theme?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const message = blockedMessage(widgetPalette(theme), donateUrl('https://charity.example', String(CAMPAIGN.id)), ORGANISATION.name);
    host.current?.append(message.box);
    message.fill();
    return () => message.box.remove();
  }, [theme]);
  return <div ref={host} className="charity-donate-widget" />;
}

interface PartnerWidgetProps {
  /** inline: the embedded wizard; button: the launcher (and its dialog); blocked: the message of a refused site. */
  mode: 'inline' | 'button' | 'blocked';
  /** data-theme: '#rgb' or '#rrggbb'; the charity's own colours without it. */
  theme?: string;
}

function PartnerWidget({ mode, theme }: PartnerWidgetProps) {
  if (mode === 'button') return <ButtonMode theme={theme} />;
  if (mode === 'blocked') return <NotAllowed theme={theme} />;
  return <EmbeddedWizard theme={theme} />;
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The selected amount's tile (₹1,000, the wizard's default). */
const selectedChip = (canvas: Canvas) => {
  const radio = canvas.getByRole('radio', { name: '₹1,000' });
  return radio.nextElementSibling as HTMLElement;
};

async function expectChip(canvas: Canvas, colours: { background: string; text: string; border: string }) {
  await expect(canvas.getByRole('radio', { name: '₹1,000' })).toBeChecked();
  const style = getComputedStyle(selectedChip(canvas));
  await expect(style.backgroundColor).toBe(rgb(colours.background));
  await expect(style.color).toBe(rgb(colours.text));
  await expect(style.borderTopColor).toBe(rgb(colours.border));
}

async function expectCampaignNamed(canvas: Canvas) {
  const line = canvas.getByText(/^Donating to:/);
  await expect(line).toHaveTextContent('Donating to: Nutritious Midday Meals');
  await expect(within(line).getByText('Nutritious Midday Meals').tagName).toBe('STRONG');
}

async function expectFilled(element: HTMLElement, background: string, text: string) {
  const style = getComputedStyle(element);
  await expect(style.backgroundColor).toBe(rgb(background));
  await expect(style.color).toBe(rgb(text));
}

const meta = {
  title: 'Partner/Widget',
  component: PartnerWidget,
  parameters: {
    docs: componentDocs({
      summary:
        "widget.js on a partner's page (docs/decisions/006-partner-widget.md): inline, the charity's /embed/donate page in a frame; with data-mode=\"button\", a 'Donate' button opening it in a dialog. data-theme colours both. Here the frame's page is drawn in place; on a site not in PARTNER_ORIGINS the widget shows a message with a link to donate on the charity's site instead (decision 033).",
      usage: `<script src="https://<charity host>/widget.js" data-campaign="4" data-theme="#0f766e" data-mode="button" async></script>`,
      a11y: [
        "Text on the partner's colour is white or dark, whichever reaches 4.5:1 (apps/site/src/embed/theme.ts); the selected amount's text is checked against its tint.",
        'The launcher, Close and the message link show a 3 px focus ring on keyboard focus; they keep a border in forced-colours mode.',
        'The dialog is modal: focus starts on Close, stays inside, Escape or a click outside closes it and focus returns to the launcher.',
        "The refused-site message is a status region; its link says it opens a new tab.",
      ],
    }),
  },
  args: { mode: 'inline' },
  // The dialog lives on <body>, outside the story: none may outlive its story.
  beforeEach: () => () => {
    for (const dialog of document.querySelectorAll('[role="dialog"][aria-label^="Donate to"]')) dialog.parentElement?.remove();
    document.documentElement.style.overflow = '';
  },
  decorators: [
    // A partner's page with a font of its own: the launcher and the message take it; the frame keeps the charity's.
    (Story) => (
      <div style={{ maxWidth: '40rem', fontFamily: 'Arial, Helvetica, sans-serif' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PartnerWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inline, no data-theme: the charity's red; step 1 names the campaign the partner chose (data-campaign). */
export const InlineDefaultTheme: Story = {
  play: async ({ canvas }) => {
    await expectCampaignNamed(canvas);
    await expectChip(canvas, { background: '#fdecea', text: '#8c1d18', border: '#b3261e' });
    await expectFilled(canvas.getByRole('button', { name: 'Continue' }), '#b3261e', '#ffffff');
  },
};

/** Inline with data-theme="#0f766e": the selected amount, the current step and Continue in the partner's colour. */
export const InlineCustomTheme: Story = {
  args: { theme: TEAL },
  play: async ({ canvas }) => {
    await expectCampaignNamed(canvas);
    // The tint and its text are derived from the partner's colour (no trace of the charity's pink).
    await expectChip(canvas, { background: '#e7f1f1', text: '#0c5e58', border: TEAL });
    await expectFilled(canvas.getByRole('button', { name: 'Continue' }), TEAL, '#ffffff');
    const banner = canvas.getByText(/^Donating to:/);
    await expect(getComputedStyle(banner).borderTopColor).toBe(rgb(TEAL));
    await expect(getComputedStyle(banner).backgroundColor).toBe(rgb('#e7f1f1'));
  },
};

/** Inline with a light partner colour (data-theme="#facc15"): text on it turns dark, the chip's text a dark gold. */
export const InlineLightTheme: Story = {
  args: { theme: YELLOW },
  play: async ({ canvas }) => {
    await expectChip(canvas, { background: '#fffae8', text: '#836a0b', border: YELLOW });
    await expectFilled(canvas.getByRole('button', { name: 'Continue' }), YELLOW, '#2b2118');
  },
};

// The widget's parts are put in by an effect: found once they are there.
const launcher = (canvas: Canvas) => canvas.findByRole('button', { name: 'Donate' });

async function expectFocusRing(element: HTMLElement) {
  await waitFor(() => expect(element).toHaveFocus());
  const style = getComputedStyle(element);
  await expect(style.outlineStyle).toBe('solid');
  await expect(style.outlineWidth).toBe('3px');
  await expect(style.outlineColor).toBe(rgb('#1d4ed8'));
}

/** data-mode="button", no data-theme: the 'Donate' launcher in the charity's red, with white text. */
export const ButtonLauncherDefaultTheme: Story = {
  args: { mode: 'button' },
  play: async ({ canvas }) => {
    const button = await launcher(canvas);
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expectFilled(button, '#b3261e', '#ffffff');
    await expect(getComputedStyle(button).outlineStyle).toBe('none');
    await userEvent.tab();
    await expectFocusRing(button);
  },
};

/** data-mode="button" with data-theme="#0f766e": the launcher in the partner's colour. */
export const ButtonLauncherCustomTheme: Story = {
  args: { mode: 'button', theme: TEAL },
  play: async ({ canvas }) => {
    const button = await launcher(canvas);
    await expectFilled(button, TEAL, '#ffffff');
    await userEvent.tab();
    await expectFocusRing(button);
    // Dark text on a light partner colour, as AA asks (the palette the frame's page uses too).
    await expect(widgetPalette(YELLOW).contrast).toBe('#2b2118');
  },
};

async function openWithKeyboard(canvas: Canvas) {
  const button = await launcher(canvas);
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  const dialog = await within(document.body).findByRole('dialog', { name: TITLE });
  const close = within(dialog).getByRole('button', { name: 'Close' });
  await expect(close).toHaveFocus();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  return { dialog, close, frame: within(dialog) as unknown as Canvas, launcher: button };
}

/** The launcher opened (keyboard): the dialog with Close in the charity's red, focused, over the embedded wizard. */
export const ButtonDialogOpenDefaultTheme: Story = {
  args: { mode: 'button' },
  play: async ({ canvas }) => {
    const { close, frame } = await openWithKeyboard(canvas);
    await expectFilled(close, '#b3261e', '#ffffff');
    await expectFocusRing(close);
    await expectCampaignNamed(frame);
    await expectChip(frame, { background: '#fdecea', text: '#8c1d18', border: '#b3261e' });
  },
};

/** The launcher opened with data-theme="#0f766e": Close, the dialog's edge and the wizard in the partner's colour. */
export const ButtonDialogOpenCustomTheme: Story = {
  args: { mode: 'button', theme: TEAL },
  play: async ({ canvas }) => {
    const { dialog, close, frame } = await openWithKeyboard(canvas);
    await expectFilled(close, TEAL, '#ffffff');
    await expect(getComputedStyle(dialog).borderTopColor).toBe(rgb(TEAL));
    await expectCampaignNamed(frame);
    await expectChip(frame, { background: '#e7f1f1', text: '#0c5e58', border: TEAL });
  },
};

/** The dialog keeps its focus handling: Escape closes it and focus returns to the launcher. */
export const ButtonDialogClosesWithEscape: Story = {
  args: { mode: 'button', theme: TEAL },
  tags: ['!visual'], // the same picture as ButtonLauncherCustomTheme once closed
  play: async ({ canvas }) => {
    const { launcher: button } = await openWithKeyboard(canvas);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(button).toHaveFocus();
    await expect(document.documentElement.style.overflow).toBe('');
  },
};

async function expectBlockedMessage(canvas: Canvas, colour: string) {
  const status = await canvas.findByRole('status');
  await expect(status).toHaveTextContent("The donation form can't be shown on this site.");
  const link = within(status).getByRole('link', { name: `Donate on the ${ORGANISATION.name} website (opens in a new tab)` });
  await expect(link).toHaveAttribute('href', 'https://charity.example/donate?campaign=4');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  await expectFilled(link, colour, '#ffffff');
  await expect(getComputedStyle(status).borderTopColor).toBe(rgb(colour));
  await userEvent.tab();
  await expectFocusRing(link);
}

/** On a site not in PARTNER_ORIGINS: the message and a link to donate on the charity's site, in its red. */
export const NotAllowedDefaultTheme: Story = {
  args: { mode: 'blocked' },
  play: async ({ canvas }) => expectBlockedMessage(canvas, '#b3261e'),
};

/** The same with data-theme="#0f766e". */
export const NotAllowedCustomTheme: Story = {
  args: { mode: 'blocked', theme: TEAL },
  play: async ({ canvas }) => expectBlockedMessage(canvas, TEAL),
};
