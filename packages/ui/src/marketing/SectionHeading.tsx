import { cva, type VariantProps } from 'class-variance-authority';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface SectionHeadingProps {
  id?: string;
  /** A short line above the title. */
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  level?: 1 | 2 | 3;
  align?: 'start' | 'center';
  className?: string;
}

/** A section's title with an optional eyebrow above and an introduction below. */
export function SectionHeading({ id, eyebrow, title, description, level = 2, align = 'center', className }: SectionHeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <div className={cn('cs-section-heading', align === 'center' && 'cs-section-heading--center', className)}>
      {eyebrow ? <p className="cs-section-heading__eyebrow">{eyebrow}</p> : null}
      <Tag id={id} className="cs-section-heading__title">
        {title}
      </Tag>
      {description ? <p className="cs-section-heading__description">{description}</p> : null}
    </div>
  );
}

export const marketingSectionVariants = cva('cs-marketing-section', {
  variants: {
    tone: {
      plain: null,
      cream: 'cs-marketing-section--cream',
      sunken: 'cs-marketing-section--sunken',
      primary: 'cs-marketing-section--primary',
    },
  },
  defaultVariants: { tone: 'plain' },
});

export type MarketingSectionVariantProps = VariantProps<typeof marketingSectionVariants>;

export interface MarketingSectionProps
  extends Omit<HTMLAttributes<HTMLElement>, 'title'>,
    MarketingSectionVariantProps {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'start' | 'center';
  children?: ReactNode;
}

/**
 * A full-width band of the page: a region named by its heading (h2), with the content in the page container.
 * Tones alternate the background so long pages read as distinct sections.
 */
export function MarketingSection({
  eyebrow,
  title,
  description,
  align,
  tone,
  className,
  children,
  ...props
}: MarketingSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(marketingSectionVariants({ tone }), className)} {...props}>
      <div className="cs-container">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} description={description} align={align} />
        {children}
      </div>
    </section>
  );
}
