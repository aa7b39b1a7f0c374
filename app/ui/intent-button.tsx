import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button';
import { Spinner } from './spinner';

/**
 * A form's submit button that says what to do (`intent`, read by the action), with its icon
 * if any; while `busy` (its form is being sent) it is disabled and shows a spinner.
 */
export function IntentButton({
  intent,
  icon: Icon,
  variant,
  className,
  disabled,
  busy = false,
  children,
}: {
  intent: string;
  icon?: LucideIcon;
  variant: ButtonVariant;
  className?: string;
  disabled?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={disabled || busy}
      className={buttonClass(variant, className)}
    >
      {busy ? (
        <Spinner className="h-4 w-4" />
      ) : (
        Icon && <Icon aria-hidden="true" className="h-4 w-4" />
      )}
      {children}
    </button>
  );
}
