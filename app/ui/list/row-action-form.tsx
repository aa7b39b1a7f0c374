import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * A list row's one-button form (Archive, Remove…): the row's ids as hidden fields and the
 * button's named intent, so the page's action knows which row and which button.
 */
export function RowActionForm({
  fields,
  intent,
  className,
  children,
}: {
  fields: Record<string, string>;
  intent: string;
  className?: string;
  /** The button's words; name the row in a `sr-only` span so each button says which. */
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="rounded font-semibold text-brand-700 underline"
      >
        {children}
      </button>
    </Form>
  );
}
