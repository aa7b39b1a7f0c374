/** The look of form fields and their labels, shared so every admin form matches. */
export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
export const labelClass = 'block text-sm font-semibold text-ink';

/**
 * What every refused form answers with (`parseForm` in `~/lib/form.server`): a message for
 * the whole form, one message per field, and what was typed so the form is filled again.
 */
export interface FormErrors<Field extends string = string> {
  formError?: string;
  fieldErrors: Partial<Record<Field, string>>;
  values: Partial<Record<Field, string>>;
}

/**
 * The props a form's fields share (TextField, SelectField): each field's id (`idPrefix` and its
 * name), name, refusal and value: what was typed when the form was refused, else `saved`.
 */
export function formFieldProps<Field extends string>(
  errors: FormErrors<Field> | undefined,
  idPrefix: string,
) {
  return (name: Field, saved?: string | number | null) => ({
    id: `${idPrefix}${name}`,
    name,
    error: errors?.fieldErrors[name],
    defaultValue: errors?.values[name] ?? saved ?? '',
  });
}

/** Every message of a refused form, the form's own first, for a summary above its button. */
export function formErrorMessages(errors: FormErrors | undefined): string[] {
  if (!errors) return [];
  const fieldMessages = Object.values(errors.fieldErrors).filter(
    (message): message is string => typeof message === 'string',
  );
  return [...(errors.formError ? [errors.formError] : []), ...fieldMessages];
}
