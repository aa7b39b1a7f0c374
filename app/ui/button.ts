/** Shared button looks for links and buttons; one place so every call to action matches. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-brand-600 text-brand-700 hover:bg-brand-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  inverse: 'bg-white text-brand-800 hover:bg-brand-50',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
