import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button';

/** A form's submit button that says what to do (`intent`, read by the action), with its icon if any. */
export function IntentButton({
  intent,
  icon: Icon,
  variant,
  className,
  disabled,
  children,
}: {
  intent: string;
  icon?: LucideIcon;
  variant: ButtonVariant;
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled}
      className={buttonClass(variant, className)}
    >
      {Icon && <Icon aria-hidden="true" className="h-4 w-4" />}
      {children}
    </button>
  );
}
