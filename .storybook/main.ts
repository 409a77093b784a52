import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';

// Stories live at the top level (stories/), one file per ui component or composed screen.
const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    // GitHub-flavoured Markdown, so the token tables of Theming.mdx and Introduction.mdx render as tables.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Props tables on the docs pages come from the components' TypeScript props via react-docgen (Storybook's
  // default, fast). react-docgen-typescript was tried: with the workspace resolved to sources it emitted no
  // docgen at all, so every table was empty.
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(config) {
    // Resolve workspace packages to their sources so stories never need a prior build.
    config.resolve = { ...config.resolve, conditions: ['development', 'module', 'browser', 'import', 'default'] };
    return config;
  },
};
export default config;
