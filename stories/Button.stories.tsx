import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '@charity/ui';

const meta = { component: Button, args: { children: 'Donate', onClick: fn() } } satisfies Meta<typeof Button>;
export default meta;
export const Default: StoryObj<typeof meta> = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Donate' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
