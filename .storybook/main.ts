import type { StorybookConfig } from '@storybook/react-vite';

// Stories live at the top level (stories/), one file per ui component or composed screen.
const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(config) {
    // Resolve workspace packages to their sources so stories never need a prior build.
    config.resolve = { ...config.resolve, conditions: ['development', 'module', 'browser', 'import', 'default'] };
    return config;
  },
};
export default config;
