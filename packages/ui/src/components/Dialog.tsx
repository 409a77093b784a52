import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { CloseIcon } from './icons';

export const dialogVariants = cva('cs-dialog', {
  variants: {
    size: {
      sm: 'cs-dialog--sm',
      md: 'cs-dialog--md',
      lg: 'cs-dialog--lg',
      '2xl': 'cs-dialog--2xl',
      /** Edge to edge, for an image lightbox. */
      full: 'cs-dialog--full',
    },
  },
  defaultVariants: { size: 'md' },
});

export type DialogVariantProps = VariantProps<typeof dialogVariants>;

export interface DialogProps extends DialogVariantProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action row, e.g. Cancel and 'Create Event'. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Keep the title for assistive technology only (e.g. a lightbox). */
  hideTitle?: boolean;
  /** A click outside closes the dialog (default). False for a question that must be answered on purpose. */
  closeOnOutsideClick?: boolean;
  /**
   * False for a dialog that only its own buttons end (a sign-in the page cannot go on without): no close button,
   * Escape and a click outside do nothing. Default true.
   */
  dismissible?: boolean;
  className?: string;
}

/** A modal dialog (Radix): focus trapped inside, Escape and the close button call onOpenChange(false). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size,
  closeLabel = 'Close',
  hideTitle = false,
  closeOnOutsideClick = true,
  dismissible = true,
  className,
}: DialogProps) {
  // Radix returns focus to its own Trigger; this dialog is opened by app state, so remember what had
  // focus when it opened and return there on close.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="cs-dialog__overlay" />
        <DialogPrimitive.Content
          className={cn(dialogVariants({ size }), className)}
          // Without a description Radix would warn; an explicit undefined says "none on purpose".
          {...(description ? {} : { 'aria-describedby': undefined })}
          onInteractOutside={(event) => {
            if (!closeOnOutsideClick || !dismissible) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (!dismissible) event.preventDefault();
          }}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocusRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current;
            if (target?.isConnected) {
              event.preventDefault();
              // What opened it may have been disabled by what happened inside (a full refund disables 'Refund'):
              // focus on a disabled button would fall to the page, so it goes to the dialog around it instead.
              const holder = target.matches(':disabled') ? target.closest<HTMLElement>('[role="dialog"]') : null;
              (holder ?? target).focus();
            }
          }}
        >
          <div className="cs-dialog__header">
            <DialogPrimitive.Title className={cn('cs-dialog__title', hideTitle && 'cs-visually-hidden')}>
              {title}
            </DialogPrimitive.Title>
          </div>
          {description ? (
            <DialogPrimitive.Description className="cs-dialog__description">{description}</DialogPrimitive.Description>
          ) : null}
          {children !== undefined ? <div className="cs-dialog__body">{children}</div> : null}
          {footer ? <div className="cs-dialog__footer">{footer}</div> : null}
          {/* Last in the DOM (shown top-right) so opening focuses the first field, not the close button. */}
          {dismissible ? (
            <DialogPrimitive.Close className="cs-dialog__close" aria-label={closeLabel}>
              <CloseIcon />
            </DialogPrimitive.Close>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
