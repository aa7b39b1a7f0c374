/** The look of form fields and their labels, shared so every admin form matches. */
export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';
export const labelClass = 'block text-sm font-semibold text-ink';
