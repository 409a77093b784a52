import * as SelectPrimitive from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { FormField } from './FormField';
import { CheckIcon, ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Controlled value; '' or undefined shows the placeholder. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Form field name: Radix renders a hidden native select for form submission. */
  name?: string;
  id?: string;
  hideLabel?: boolean;
  className?: string;
}

/** A labelled single-choice list (Radix Select): keyboard, typeahead and screen-reader support built in. */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = 'Select an option',
  hint,
  error,
  required,
  disabled,
  name,
  id,
  hideLabel,
  className,
}: SelectProps) {
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      required={required}
      id={id}
      hideLabel={hideLabel}
      className={className}
    >
      {(control) => (
        <SelectPrimitive.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          disabled={disabled}
          required={required}
          name={name}
        >
          <SelectPrimitive.Trigger className="cs-select__trigger" {...control}>
            <SelectPrimitive.Value placeholder={placeholder} />
            <SelectPrimitive.Icon className="cs-select__chevron">
              <ChevronDownIcon size={18} />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              className="cs-select__content"
              position="popper"
              sideOffset={4}
              // The listbox is named by the same label as the trigger.
              aria-labelledby={`${control.id}-label`}
            >
              <SelectPrimitive.Viewport className="cs-select__viewport">
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className="cs-select__item"
                  >
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    <SelectPrimitive.ItemIndicator className="cs-select__indicator">
                      <CheckIcon size={16} />
                    </SelectPrimitive.ItemIndicator>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </FormField>
  );
}
