/**
 * "Sign out of all devices": a plain form, so it works without JavaScript, and it ends the
 * session of this browser too (the course menus and the account page).
 */
export function SignOutEverywhereForm({ className }: { className?: string }) {
  return (
    <form method="post" action="/auth/logout" className={className}>
      <input type="hidden" name="scope" value="all" />
      <button
        type="submit"
        className="rounded text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Sign out of all devices
      </button>
    </form>
  );
}
