import type { InputHTMLAttributes } from 'react';
import { FieldError, invalidFieldProps } from './field-error';
import { fieldClass, labelClass } from './form';

/**
 * One labelled input of a form (a textarea with `rows`), with its hint and, when its
 * form refused it, its message under it. `wide` spans both columns of the form's grid.
 */
export function TextField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  wide = false,
  rows,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue?: string | number;
  wide?: boolean;
  rows?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'required' | 'min' | 'max' | 'minLength' | 'maxLength' | 'inputMode' | 'placeholder'
>) {
  const hintId = hint ? `${id}-hint` : undefined;
  const field = {
    defaultValue,
    className: fieldClass,
    'aria-describedby': hintId,
    ...invalidFieldProps(id, error, hintId),
  };
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {rows ? (
        <textarea
          id={id}
          name={name}
          rows={rows}
          required={input.required}
          minLength={input.minLength}
          maxLength={input.maxLength}
          {...field}
        />
      ) : (
        <input id={id} name={name} {...input} {...field} />
      )}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
