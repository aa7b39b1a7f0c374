/**
 * A plan's price as its big figure: the price to pay, and the one it replaces struck
 * through beside it, read out as "was $450" (decision 072).
 */
export function PlanPrice({
  price,
  was,
  monthly,
}: {
  price: string;
  /** The price before a discount, or undefined when there is none. */
  was?: string;
  monthly: boolean;
}) {
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
      <span className="text-4xl font-extrabold text-ink">{price}</span>
      {was && (
        <s className="text-lg font-semibold text-slate-600">
          <span className="sr-only">was </span>
          {was}
        </s>
      )}
      {monthly && <span className="text-slate-700">/ month</span>}
    </p>
  );
}
