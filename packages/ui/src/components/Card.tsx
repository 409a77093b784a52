import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const cardVariants = cva('cs-card', {
  variants: {
    /** Hover and focus-within feedback for cards that contain one main action (see CARD_ACTION_CLASS). */
    interactive: { true: 'cs-card--interactive', false: null },
    /** A chosen card: thicker primary border (not colour alone: also a check mark in forced colours). */
    selected: { true: 'cs-card--selected', false: null },
    padding: { none: 'cs-card--flush', md: null },
  },
  defaultVariants: { interactive: false, selected: false, padding: 'md' },
});

export type CardVariantProps = VariantProps<typeof cardVariants>;

/**
 * Put this class on the card's one main button or link to stretch its click target over the whole card
 * (the "stretched link" pattern: the card stays a plain container, the control keeps its own name).
 */
export const CARD_ACTION_CLASS = 'cs-card__action';

export interface CardProps extends HTMLAttributes<HTMLElement>, CardVariantProps {
  as?: 'div' | 'article' | 'section' | 'li';
}

export function Card({ as: Tag = 'div', interactive, selected, padding, className, ...props }: CardProps) {
  return (
    <Tag
      className={cn(cardVariants({ interactive, selected, padding }), className)}
      data-selected={selected ? 'true' : undefined}
      {...props}
    />
  );
}

export function CardMedia({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('cs-card__media', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('cs-card__header', className)} {...props} />;
}

export interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  level?: 2 | 3 | 4;
}

export function CardTitle({ level = 3, className, ...props }: CardTitleProps) {
  const Tag = `h${level}` as const;
  return <Tag className={cn('cs-card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('cs-card__description', className)} {...props} />;
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('cs-card__body', className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('cs-card__footer', className)} {...props} />;
}
