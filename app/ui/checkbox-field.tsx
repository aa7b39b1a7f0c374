import type { ReactNode } from 'react';

/** A checkbox with its label beside it, sending `name=on` when ticked (a setting's form). */
export function CheckboxField({
  id,
  name,
  defaultChecked,
  children,
}: {
  id: string;
  name: string;
  defaultChecked: boolean;
  /** The label. */
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        className="mt-1 h-4 w-4"
      />
      <label htmlFor={id} className="text-slate-800">
        {children}
      </label>
    </div>
  );
}
