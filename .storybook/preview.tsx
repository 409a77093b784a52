import type { Preview } from '@storybook/react-vite';
import type { MouseEvent } from 'react';
import { LinkProvider, type UiLinkProps } from '@charity/ui';
import '@charity/ui/styles.css';

// Internal links ('/about') would navigate the preview iframe away from the story. This stand-in for the
// site's router link keeps the click in place; stories that test the default <a> opt out with
// `parameters: { linkProvider: false }`, and stories that simulate routing wrap their own LinkProvider.
function StoryLink({ onClick, ...props }: UiLinkProps) {
  return (
    <a
      {...props}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (props.href.startsWith('/')) event.preventDefault();
      }}
    />
  );
}

const preview: Preview = {
  // 'autodocs': a docs page (props table, description, every story) for each component.
  // 'visual': every story is screenshotted by e2e/visual; a story opts out with tags: ['!visual'] and a reason.
  tags: ['autodocs', 'visual'],
  parameters: {
    // Any axe violation fails the story's test, in the browser and in `npm test`.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'padded',
  },
  decorators: [
    (Story, { parameters }) =>
      parameters.linkProvider === false ? (
        <Story />
      ) : (
        <LinkProvider component={StoryLink}>
          <Story />
        </LinkProvider>
      ),
  ],
};
export default preview;
