import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, ButtonLink, LinkProvider, type UiLinkProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/Button',
  component: Button,
  parameters: {
    docs: componentDocs({
      summary: 'The site\'s button in six variants and three sizes, with loading and disabled states; `ButtonLink` renders the same look as a link.',
      usage: `<Button variant="primary" size="lg" onClick={donate}>Donate</Button>
<Button loading loadingText="Signing In...">Sign In</Button>
<ButtonLink href="/donate">Start Supporting</ButtonLink>`,
      a11y: [
        '`type="button"` by default, so a button inside a form never submits by accident (pass `type="submit"`).',
        'Loading sets `aria-busy="true"` and disables the button; the spinner is `aria-hidden` and the label (or `loadingText`) stays readable.',
        'Focus shows as a `:focus-visible` outline in `--cs-focus-ring-color`; the spinner stops under reduced motion.',
      ],
    }),
  },
  args: { children: 'Donate', onClick: fn() },
  argTypes: {
    variant: { control: 'select', options: ['primary', 'secondary', 'outline', 'ghost', 'danger', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Donate' });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toHaveClass('cs-button', 'cs-button--primary', 'cs-button--md');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Primary: Story = { args: { variant: 'primary' } };

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'View Campaigns' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'View Campaigns' })).toHaveClass('cs-button--secondary');
  },
};

export const Outline: Story = {
  args: { variant: 'outline', children: 'Learn More' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Learn More' })).toHaveClass('cs-button--outline');
  },
};

export const Ghost: Story = {
  args: { variant: 'ghost', children: 'Cancel' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveClass('cs-button--ghost');
  },
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Delete' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Link: Story = {
  args: { variant: 'link', children: 'Change Campaign' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Change Campaign' })).toHaveClass('cs-button--link');
  },
};

export const Small: Story = {
  args: { size: 'sm' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toHaveClass('cs-button--sm');
  },
};

export const Large: Story = {
  args: { size: 'lg', children: 'Start Supporting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Start Supporting' })).toHaveClass('cs-button--lg');
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Continue' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Continue' });
    const container = button.parentElement as HTMLElement;
    await expect(button.getBoundingClientRect().width).toBeCloseTo(container.getBoundingClientRect().width, 0);
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Sign In', loadingText: 'Signing In...' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Signing In...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.querySelector('.cs-button__spinner')).not.toBeNull();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const LoadingKeepsLabel: Story = {
  args: { loading: true, children: 'Create Event' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Create Event' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, children: 'Create Event' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Create Event' });
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const SubmitType: Story = {
  args: { type: 'submit', children: 'Send Message' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send Message' })).toHaveAttribute('type', 'submit');
  },
};

// ButtonLink: the same look, rendered through the app's link component.
const navigated = fn();
function RouterLink({ href, onClick, ...props }: UiLinkProps) {
  return (
    <a
      {...props}
      href={href}
      data-router-link=""
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigated(href);
      }}
    />
  );
}

export const AsLink: Story = {
  render: () => (
    <LinkProvider component={RouterLink}>
      <ButtonLink href="/donate" size="lg">
        Start Supporting
      </ButtonLink>{' '}
      <ButtonLink href="/campaigns" variant="outline" size="lg">
        View Campaigns
      </ButtonLink>
    </LinkProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Start Supporting' });
    await expect(link).toHaveAttribute('href', '/donate');
    await expect(link).toHaveAttribute('data-router-link');
    await expect(link).toHaveClass('cs-button', 'cs-button--primary', 'cs-button--lg');
    await expect(canvas.getByRole('link', { name: 'View Campaigns' })).toHaveClass('cs-button--outline');
    await userEvent.click(link);
    await expect(navigated).toHaveBeenCalledWith('/donate');
  },
};
