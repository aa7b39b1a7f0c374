import { data } from 'react-router';
import type { z } from '~/lib/zod';
import type { FormErrors } from '~/ui/form';
import { FORM_UNREADABLE } from '~/lib/form-fields';

/** The name of the field that says which of a page's forms was sent (its button's value). */
export const INTENT = 'intent';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * The request's form, or null when the body is not one (a JSON or plain-text body, a
 * broken multipart body): the action then answers 400 instead of failing with a 500.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (!type || !FORM_TYPES.includes(type)) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export type FormParse<Data> =
  { ok: true; data: Data; form: FormData } | { ok: false; errors: FormErrors };

/**
 * The form's text fields, checked by `schema`. A field sent more than once (checkboxes)
 * arrives as an array; files are left out (an upload is read by `readUpload`). A schema
 * issue on a field becomes that field's message (its first); one on the whole form, or on
 * `intent` (the button pressed, which no one types), becomes the form's message. A body
 * that was not a form (`readForm`'s null) is refused with `FORM_UNREADABLE`.
 */
export function parseFields<Schema extends z.ZodType>(
  form: FormData | null,
  schema: Schema,
): FormParse<z.output<Schema>> {
  if (!form)
    return { ok: false, errors: { formError: FORM_UNREADABLE, fieldErrors: {}, values: {} } };
  const fields: Record<string, string | string[]> = {};
  const values: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((value): value is string => typeof value === 'string');
    if (texts.length === 0) continue;
    fields[name] = texts.length === 1 ? texts[0]! : texts;
    values[name] = texts[0]!;
  }
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, form };
  const errors: FormErrors = { fieldErrors: {}, values };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field !== INTENT) {
      errors.fieldErrors[field] ??= issue.message;
    } else {
      errors.formError ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/** `readForm` then `parseFields`: a body that is not a form is refused like a bad field. */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<FormParse<z.output<Schema>>> {
  return parseFields(await readForm(request), schema);
}

/** The answer to a refused form: its errors with the status (400 unless said otherwise). */
export function refuseForm<Field extends string>(
  errors: Omit<FormErrors<Field>, 'values'> & { values?: FormErrors<Field>['values'] },
  status = 400,
) {
  return data<FormErrors<Field>>({ values: {}, ...errors }, { status });
}
