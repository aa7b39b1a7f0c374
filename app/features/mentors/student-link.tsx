import { Link } from 'react-router';

/** A student's name, linked to their page in the mentor area (progress and submissions). */
export function StudentLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      to={`/mentor/students/${encodeURIComponent(id)}`}
      className="font-semibold text-brand-700 hover:underline"
    >
      {name}
    </Link>
  );
}
