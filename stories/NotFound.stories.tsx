import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LinkProvider, NotFound, type UiLinkProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Pages/NotFound',
  component: NotFound,
  parameters: {
    docs: componentDocs({
      summary: 'The 404 page with links home and to the main sections.',
      usage: `<NotFound />`,
      a11y: [
        'A section labelled by its `<h1>`; \'Go Home\' renders through `LinkProvider`.',
      ],
    }),
  },
} satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('404')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(canvas.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    const home = canvas.getByRole('link', { name: 'Go Home' });
    await expect(home).toHaveAttribute('href', '/');
    await expect(home).toHaveTextContent(/^Go Home$/);
  },
};

export const CustomHomeHref: Story = {
  args: { homeHref: '/en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/en');
  },
};

const navigate = fn();
function RouterLink({ href, onClick, ...props }: UiLinkProps) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

/** 'Go Home' goes through the app's link component, so the router handles it without a page load. */
export const ThroughRouterLink: Story = {
  render: (args) => (
    <LinkProvider component={RouterLink}>
      <NotFound {...args} />
    </LinkProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Go Home' }));
    await expect(navigate).toHaveBeenCalledWith('/');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
