import type { ComponentPropsWithoutRef } from 'react';
import { FieldError, invalidFieldProps } from './field-error';
import { fieldClass, labelClass } from './form';

/**
 * A labelled `<select>` of `options` (after any given as children, such as an "All"),
 * marked and explained when its form refused it. Other props go to the `<select>`.
 */
export function SelectField({
  id,
  label,
  options,
  error,
  labelClassName = labelClass,
  className = fieldClass,
  children,
  ...select
}: {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  labelClassName?: string;
} & Omit<ComponentPropsWithoutRef<'select'>, 'id'>) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} {...select} className={className} {...invalidFieldProps(id, error)}>
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={id} message={error} />
    </>
  );
}
