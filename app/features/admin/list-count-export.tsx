import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '~/ui/button';
import { ListCount } from '~/ui/list/data-table';

/**
 * An admin list's count with its Export CSV link beside it: the download of every page of
 * the list as filtered, offered only when there is something to export (`exportHref`).
 */
export function ListCountWithExport({
  testId,
  loading,
  exportHref,
  children,
}: {
  testId: string;
  loading: boolean;
  exportHref: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4">
      <ListCount testId={testId} loading={loading}>
        {children}
      </ListCount>
      {exportHref && (
        <a href={exportHref} download className={buttonClass('secondary', 'mt-4 px-4 py-1.5')}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      )}
    </div>
  );
}
