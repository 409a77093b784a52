import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardMedia,
  CardTitle,
  CARD_ACTION_CLASS,
  ProgressBar,
} from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/Card',
  component: Card,
  parameters: {
    docs: componentDocs({
      summary: 'A surface with optional header, body and footer; the base of campaign, event and info cards.',
      usage: `<Card>
  <CardHeader><CardTitle level={3}>Clean Water</CardTitle></CardHeader>
  <CardBody>…</CardBody>
</Card>`,
      a11y: [
        'Purely presentational: `CardTitle level` sets the heading level to fit the page outline; `as` renders an `<article>` or `<li>` where that is the right element.',
      ],
    }),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '22rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#f2a900"/><circle cx="8" cy="4.5" r="2.5" fill="#b3261e"/></svg>',
  );

export const Default: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Our Mission</CardTitle>
        <CardDescription>Every child deserves love, care and opportunity.</CardDescription>
      </CardHeader>
      <CardBody>We support infants and children through education, health and nutrition.</CardBody>
      <CardFooter>
        <ButtonLink href="/about" variant="outline" size="sm">
          Learn More
        </ButtonLink>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Our Mission' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
  },
};

export const CampaignCard: Story = {
  render: (args) => (
    <Card as="article" {...args}>
      <CardMedia>
        <img src={photo} alt="Children at a nutrition camp" />
      </CardMedia>
      <CardHeader>
        <Badge tone="green">active</Badge>
        <CardTitle>Meals for 500 Children</CardTitle>
      </CardHeader>
      <CardBody>
        <ProgressBar value={72} label="Funding progress" showLabel />
      </CardBody>
      <CardFooter>
        <ButtonLink href="/donate?campaign=7" fullWidth>
          Donate Now
        </ButtonLink>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toHaveClass('cs-card');
    await expect(canvas.getByRole('img', { name: 'Children at a nutrition camp' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donate?campaign=7');
  },
};

export const Interactive: Story = {
  args: { interactive: true },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Education Support</CardTitle>
      </CardHeader>
      <CardBody>School kits, tuition and mentoring.</CardBody>
      <CardFooter>
        <ButtonLink href="/campaigns" variant="link" className={CARD_ACTION_CLASS}>
          See campaigns
        </ButtonLink>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas, canvasElement }) => {
    const card = canvasElement.querySelector('.cs-card') as HTMLElement;
    await expect(card).toHaveClass('cs-card--interactive');
    // The stretched action covers the card: a point in the card's top-left corner hits the link.
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 10, box.top + 10);
    await expect(hit).toBe(canvas.getByRole('link', { name: 'See campaigns' }));
  },
};

function SelectableCampaign() {
  const [selected, setSelected] = useState(false);
  return (
    <Card interactive selected={selected}>
      <CardHeader>
        <CardTitle>Health Checkups</CardTitle>
        <CardDescription>Free check-ups for 200 infants.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button
          variant={selected ? 'primary' : 'outline'}
          size="sm"
          aria-pressed={selected}
          className={CARD_ACTION_CLASS}
          onClick={() => setSelected((s) => !s)}
        >
          {selected ? 'Selected for donation' : 'Select campaign'}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** Donate page: clicking a card selects it, clicking again deselects. */
export const Selected: Story = {
  render: () => <SelectableCampaign />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvasElement.querySelector('.cs-card') as HTMLElement;
    await expect(card).not.toHaveAttribute('data-selected');
    await userEvent.click(canvas.getByRole('button', { name: 'Select campaign' }));
    const selected = canvas.getByRole('button', { name: 'Selected for donation' });
    await expect(selected).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toHaveAttribute('data-selected', 'true');
    await expect(card).toHaveClass('cs-card--selected');
    await userEvent.click(selected);
    await expect(canvas.getByRole('button', { name: 'Select campaign' })).toHaveAttribute('aria-pressed', 'false');
    await expect(card).not.toHaveClass('cs-card--selected');
    // Leave it selected so the story shows the state.
    await userEvent.click(canvas.getByRole('button', { name: 'Select campaign' }));
  },
};
