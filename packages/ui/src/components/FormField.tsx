import {
  cloneElement,
  isValidElement,
  useId,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn } from '../lib/cn';

/** What FormField hands its control so label, hint and error are wired to it. */
export interface FormFieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown in a polite live region; sets aria-invalid and joins aria-describedby. */
  error?: ReactNode;
  /** Shows a required marker and sets aria-required on the control. */
  required?: boolean;
  /** Id of the control; generated when absent. The label's id is `${id}-label`, hint `-hint`, error `-error`. */
  id?: string;
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  className?: string;
  /**
   * The single control. An element gets the props merged in (existing aria-describedby is kept);
   * a function receives them, for controls that need them spread somewhere specific.
   */
  children: ReactElement | ((control: FormFieldControlProps) => ReactNode);
}

export function FormField({ label, hint, error, required, id, hideLabel, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `cs-field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;

  const control: FormFieldControlProps = {
    id: controlId,
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };

  let rendered: ReactNode;
  if (typeof children === 'function') {
    rendered = children(control);
  } else if (isValidElement<Record<string, unknown>>(children)) {
    const own = children.props['aria-describedby'];
    const merged = [typeof own === 'string' ? own : null, describedBy].filter(Boolean).join(' ') || undefined;
    rendered = cloneElement(children, { ...control, 'aria-describedby': merged });
  } else {
    rendered = children;
  }

  return (
    <div className={cn('cs-field', hasError && 'cs-field--invalid', className)}>
      <label id={`${controlId}-label`} htmlFor={controlId} className={cn('cs-field__label', hideLabel && 'cs-visually-hidden')}>
        {label}
        {required ? (
          <span className="cs-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="cs-field__hint">
          {hint}
        </p>
      ) : null}
      {rendered}
      <div className="cs-field__error-region" aria-live="polite">
        {hasError ? (
          <p id={errorId} className="cs-field__error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn('cs-input', className)} {...props} />;
}

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn('cs-input', 'cs-textarea', className)} {...props} />;
}
