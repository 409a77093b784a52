import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useLink, type UiLinkProps } from '../lib/link';

export const buttonVariants = cva('cs-button', {
  variants: {
    variant: {
      primary: 'cs-button--primary',
      secondary: 'cs-button--secondary',
      outline: 'cs-button--outline',
      ghost: 'cs-button--ghost',
      danger: 'cs-button--danger',
      link: 'cs-button--link',
    },
    size: { sm: 'cs-button--sm', md: 'cs-button--md', lg: 'cs-button--lg' },
    fullWidth: { true: 'cs-button--full', false: null },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

export interface ButtonProps extends ComponentProps<'button'>, ButtonVariantProps {
  /** Shows a spinner, sets aria-busy and disables the button. */
  loading?: boolean;
  /** Replaces the label while loading (e.g. 'Signing In...'); the label stays otherwise. */
  loadingText?: ReactNode;
  /** Decorative icon before the label. */
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  loadingText,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonVariants({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <span className="cs-button__spinner" aria-hidden="true" />
      ) : icon ? (
        <span className="cs-button__icon">{icon}</span>
      ) : null}
      {loading && loadingText !== undefined ? loadingText : children}
    </button>
  );
}

export interface ButtonLinkProps extends UiLinkProps, ButtonVariantProps {
  icon?: ReactNode;
}

/** A link that looks like a Button, rendered through the app's link component (see LinkProvider). */
export function ButtonLink({ variant, size, fullWidth, icon, className, children, ...props }: ButtonLinkProps) {
  const Link = useLink();
  return (
    <Link className={cn(buttonVariants({ variant, size, fullWidth }), className)} {...props}>
      {icon ? <span className="cs-button__icon">{icon}</span> : null}
      {children}
    </Link>
  );
}
