/** The id of the message under the field `fieldId`, for its `aria-describedby`. */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/**
 * What a field refused by its form's action carries: marked invalid, its message read with
 * it after its hint (`hintId`, the field's own `aria-describedby`, which this replaces).
 */
export function invalidFieldProps(fieldId: string, message: string | undefined, hintId?: string) {
  if (!message) return {};
  const describedBy = [hintId, fieldErrorId(fieldId)].filter(Boolean).join(' ');
  return { 'aria-invalid': true, 'aria-describedby': describedBy };
}

/** A refused form's message for one field, under it (`FormErrors.fieldErrors`). */
export function FieldError({ fieldId, message }: { fieldId: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId)} role="alert" className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

/**
 * A refused form's message for the whole form (`FormErrors.formError`), or another refusal
 * it answers with; `className` places it and sets its size.
 */
export function FormAlert({ message, className }: { message?: string; className: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={`${className} font-semibold text-red-800`}>
      {message}
    </p>
  );
}
