import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton, SkeletonCard, SkeletonGroup } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/Skeleton',
  component: Skeleton,
  parameters: {
    docs: componentDocs({
      summary: 'Placeholder blocks shown while content loads.',
      usage: `<SkeletonGroup label="Loading campaigns">
  <Skeleton shape="text" />
</SkeletonGroup>`,
      a11y: [
        'A skeleton is hidden from assistive technology; wrap a set in `SkeletonGroup`, which sets `aria-busy` and announces one status text instead of many empty boxes.',
        'The shimmer stops under reduced motion.',
      ],
    }),
  },
  argTypes: { shape: { control: 'inline-radio', options: ['block', 'text', 'circle'] } },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = {
  args: { height: '8rem' },
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector('.cs-skeleton');
    await expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    await expect(skeleton).toHaveClass('cs-skeleton--block');
  },
};

export const Text: Story = {
  args: { shape: 'text', width: '60%' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cs-skeleton')).toHaveClass('cs-skeleton--text');
  },
};

export const Circle: Story = {
  args: { shape: 'circle' },
  play: async ({ canvasElement }) => {
    const circle = canvasElement.querySelector('.cs-skeleton') as HTMLElement;
    const box = circle.getBoundingClientRect();
    await expect(box.width).toBe(box.height);
  },
};

export const Card: Story = {
  render: () => (
    <div style={{ maxWidth: '22rem' }}>
      <SkeletonGroup label="Loading campaigns...">
        <SkeletonCard />
      </SkeletonGroup>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns...');
  },
};

/** The campaign grid while loading: 3 (or 6) placeholder cards, announced once. */
function Grid({ count }: { count: number }) {
  return (
    <SkeletonGroup label="Loading campaigns...">
      <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' }}>
        {Array.from({ length: count }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    </SkeletonGroup>
  );
}

export const GridOfThree: Story = {
  render: () => <Grid count={3} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cs-skeleton-card')).toHaveLength(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns...');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

export const GridOfSix: Story = {
  render: () => <Grid count={6} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cs-skeleton-card')).toHaveLength(6);
  },
};
