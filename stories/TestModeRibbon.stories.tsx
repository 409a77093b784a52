import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Header, TestModeRibbon } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Layout/TestModeRibbon',
  component: TestModeRibbon,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'A ribbon saying donations are in test mode (sandbox or Stripe test keys).',
      usage: `{paymentsMode !== 'live' && <TestModeRibbon />}`,
      a11y: [
        'A labelled, static note (not a live region): it is present from the first render.',
      ],
    }),
  },
} satisfies Meta<typeof TestModeRibbon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Shown while payments use the local sandbox: a named region with the whole sentence. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const ribbon = canvas.getByRole('region', { name: 'Test mode' });
    await expect(ribbon).toBeVisible();
    await expect(ribbon).toHaveTextContent('Test mode — payments are simulated; no real money is taken.');
    // A thin bar, in the flow (not fixed over the page).
    await expect(ribbon.getBoundingClientRect().height).toBeLessThan(48);
    await expect(getComputedStyle(ribbon).position).toBe('static');
  },
};

/** Above the site header, as the site shows it: the header and its controls start below the ribbon. */
export const AboveHeader: Story = {
  render: (args) => (
    <>
      <TestModeRibbon {...args} />
      <Header currentPath="/donate" />
      <main id="main" tabIndex={-1} style={{ padding: '1.5rem', fontFamily: 'system-ui' }}>
        <h1>Donate</h1>
      </main>
    </>
  ),
  play: async ({ canvas }) => {
    const ribbon = canvas.getByRole('region', { name: 'Test mode' });
    const header = canvas.getByRole('banner');
    await expect(header.getBoundingClientRect().top).toBeGreaterThanOrEqual(ribbon.getBoundingClientRect().bottom - 0.5);
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
  },
};

/** Phones: the sentence wraps rather than running off the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const ribbon = canvas.getByRole('region', { name: 'Test mode' });
    await expect(ribbon.scrollWidth).toBeLessThanOrEqual(ribbon.clientWidth);
    await expect(ribbon.getBoundingClientRect().height).toBeLessThan(72);
  },
};
