import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ButtonLink, LinkProvider, useLink, type UiLinkProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const navigate = fn();

/** What the site does: wrap its router's link (e.g. react-router `<Link to={href}>`) in this shape. */
function RouterLink({ href, onClick, ...props }: UiLinkProps) {
  return (
    <a
      {...props}
      href={href}
      data-router-link=""
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

/** A component of your own can render links through the provided component as well. */
function TextLink(props: UiLinkProps) {
  const Link = useLink();
  return <Link {...props} />;
}

const meta = {
  title: 'Foundations/LinkProvider',
  component: LinkProvider,
  parameters: {
    docs: componentDocs({
      summary: 'Lets the app decide how internal links render (for example a router `Link`); without it they are plain `<a>` elements.',
      usage: `const RouterLink = ({ href, ...props }: UiLinkProps) => <Link to={href} {...props} />;
<LinkProvider component={RouterLink}>…</LinkProvider>`,
      a11y: [
        'Your link component must render an `<a href>` and pass through every prop (class, aria-*) so focus styles and `aria-current` keep working.',
      ],
    }),
  },
  args: {
    component: RouterLink,
    children: (
      <p style={{ display: 'flex', gap: '1rem', alignItems: 'center', fontFamily: 'system-ui' }}>
        <ButtonLink href="/donate">Donate</ButtonLink>
        <TextLink href="/about">About us</TextLink>
      </p>
    ),
  },
} satisfies Meta<typeof LinkProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const donate = canvas.getByRole('link', { name: 'Donate' });
    await expect(donate).toHaveAttribute('data-router-link');
    await expect(canvas.getByRole('link', { name: 'About us' })).toHaveAttribute('data-router-link');
    await userEvent.click(donate);
    await expect(navigate).toHaveBeenCalledWith('/donate');
  },
};

/** Without a provider, links are plain anchors (this story opts out of Storybook's own provider). */
export const WithoutProvider: Story = {
  parameters: { linkProvider: false },
  render: () => (
    <p style={{ fontFamily: 'system-ui' }}>
      <ButtonLink href="/donate">Donate</ButtonLink>
    </p>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Donate' });
    await expect(link.tagName).toBe('A');
    await expect(link).toHaveAttribute('href', '/donate');
    await expect(link).not.toHaveAttribute('data-router-link');
  },
};
