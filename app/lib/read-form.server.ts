export const FORM_UNREADABLE = 'The form could not be read. Reload the page and try again.';

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
