import { StudentLink } from '~/features/mentors/student-link';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import { StatusBadge } from '~/ui/list/list-cells';
import { RowActionForm } from '~/ui/list/row-action-form';
import { ATTENDANCE_LABELS, type AttendanceStatus } from './attendance';
import type { AttendanceRow } from './attendance.server';
import { formatClassTime } from './class-times';
import { MARK_ATTENDANCE } from './live-class-form';

const TONES = {
  present: 'good',
  joined: 'good',
  absent: 'bad',
  'not-joined': 'neutral',
} as const satisfies Record<AttendanceStatus, string>;

/** Joined (their first join), Present or Absent, and who said so when marked by hand. */
function AttendanceCell({ row, timeZone }: { row: AttendanceRow; timeZone: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <StatusBadge tone={TONES[row.status]}>{ATTENDANCE_LABELS[row.status]}</StatusBadge>
      {row.firstJoinedAt && (
        <span className="text-slate-700">
          {row.status === 'joined' ? 'At ' : 'Joined '}
          <time dateTime={row.firstJoinedAt}>{formatClassTime(row.firstJoinedAt, timeZone)}</time>
        </span>
      )}
      {row.mark && row.markedAt && (
        <span className="text-slate-700">
          Marked by {row.markedByName},{' '}
          <time dateTime={row.markedAt}>{formatClassTime(row.markedAt, timeZone)}</time>
        </span>
      )}
    </span>
  );
}

/**
 * A class's attendance: every student with their status and, unless the class is
 * cancelled, the buttons that mark them Present or Absent by hand (audited).
 */
export function AttendanceTable({
  rows,
  timeZone,
  canMark,
}: {
  rows: AttendanceRow[];
  timeZone: string;
  canMark: boolean;
}) {
  if (rows.length === 0) return <EmptyList>This cohort has no students yet.</EmptyList>;
  const columns = canMark
    ? (['Student', 'Attendance', 'Mark by hand'] as const)
    : (['Student', 'Attendance'] as const);
  return (
    <DataTable columns={columns} label="Attendance" minWidthClass="sm:min-w-[36rem]">
      {rows.map((row) => (
        <tr key={row.userId} className={dataRowClass()} data-testid="attendance-row">
          {dataCells(columns, [
            <StudentLink key="student" id={row.userId} name={row.name} />,
            <AttendanceCell key="attendance" row={row} timeZone={timeZone} />,
            ...(canMark
              ? [
                  <span key="mark" className="flex flex-wrap gap-x-4 gap-y-1">
                    {(['present', 'absent'] as const).map((mark) => (
                      <RowActionForm
                        key={mark}
                        fields={{ userId: row.userId, mark }}
                        intent={MARK_ATTENDANCE}
                      >
                        {mark === 'present' ? 'Present' : 'Absent'}
                        <span className="sr-only"> {row.name}</span>
                      </RowActionForm>
                    ))}
                  </span>,
                ]
              : []),
          ])}
        </tr>
      ))}
    </DataTable>
  );
}
