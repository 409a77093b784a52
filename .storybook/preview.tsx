import type { Preview } from '@storybook/react-vite';
import '@charity/ui/styles.css';

const preview: Preview = {
  parameters: {
    // Any axe violation fails the story's test, in the browser and in `npm test`.
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'padded',
  },
};
export default preview;
