/** A part's shape, the formatting helpers, and bench/results/latest.md. */
import type { Engine } from '~/db/database.server';
import type { EngineResult } from './postgres';

export const NA = '⚪ not measured';
const verdict = (ok: boolean) => (ok ? '✅ met' : '❌ not met');

/** `measured` is empty when the part did not run or failed: the report says why. */
export type BudgetRow = { budget: string; measured: string; status: string };

/** `needsBuild`: the part serves the site; `judge` gets `undefined` when the part has no result. */
export interface Part<Result> {
  title: string;
  needsBuild: boolean;
  run: () => Promise<Result>;
  judge: (result: Result | undefined) => BudgetRow[];
  details: (result: Result) => string;
}

/** Checks a part's shape and infers its result type from `run`. */
export const definePart = <Result>(part: Part<Result>) => part;

/** A figure judged against its budget: what was measured and whether it is met. */
export const judged = (measured: string, ok: boolean) => ({ measured, status: verdict(ok) });
type Judged = ReturnType<typeof judged>;

/** Budget rows under `labels`: each judged figure, or "not measured" with a string's reason. */
export const budgetRows = (
  labels: string[],
  figures: (Judged | string | undefined)[] = [],
  why = '',
) =>
  labels.map((budget, i) => {
    const figure = figures[i];
    return {
      budget,
      ...(typeof figure === 'object' ? figure : { measured: figure ?? why, status: NA }),
    };
  });

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const unit = (suffix: string, digits: number) => (value: number | null | undefined) =>
  finite(value) ? `${value.toFixed(digits)}${suffix}` : '–';
// A figure copied from an earlier run's JSON is null where that run had none.
export const kb = (bytes: number | null | undefined) =>
  unit(' KB', 1)(finite(bytes) ? bytes / 1024 : undefined);
export const mb = unit(' MB', 1);
export const ms = (value: number | undefined, digits = 1) => unit(' ms', digits)(value);
export const signedMb = (value: number) =>
  finite(value) ? `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)} MB` : '–';
export const num = (value: number | null | undefined) => (finite(value) ? String(value) : '–');
export const count = (value: number) => value.toLocaleString('en');
export const engineName = (engine: Engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');
/** Summary figures in ms, joined: `msOf(s, ['p50', 'p95'])` is "1.2 ms / 3.4 ms". */
export const msOf = <K extends string>(
  summary: Record<K, number> | undefined,
  keys: K[],
  digits = 1,
) => keys.map((key) => ms(summary?.[key], digits)).join(' / ');

type Measured = EngineResult<object>;
const why = (engine: Measured) => engine.skipped ?? engine.error ?? 'no figures';

/** One line per engine that has no figures, saying why: for a part's section. */
export const unmeasured = (engines: Measured[]) =>
  engines
    .filter((engine) => engine.skipped || engine.error)
    .map((engine) => `${engineName(engine.engine)}: not measured: ${why(engine)}.\n`)
    .join('\n');

/** A per-engine part's budget rows: `labels` for each engine, `figures` judging its figures. */
export function perEngine<E extends Measured>(
  engines: E[] | undefined,
  labels: ((name: string, engine: Engine) => string)[],
  figures: (engine: E) => (Judged | undefined)[],
): BudgetRow[] {
  const all = engines ?? (['sqlite', 'postgres'] as const).map((engine) => ({ engine }) as E);
  return all.flatMap((e) =>
    budgetRows(
      labels.map((label) => label(engineName(e.engine), e.engine)),
      engines ? figures(e) : [],
      engines ? why(e) : '',
    ),
  );
}

/** A markdown table of `items`, one column per heading and the cell it shows for an item. */
export function table<T>(items: T[], columns: (readonly [string, (item: T) => string])[]) {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [
    line(columns.map(([head]) => head)),
    line(columns.map(() => '---')),
    ...items.map((item) => line(columns.map(([, show]) => show(item)))),
  ].join('\n');
}

/** One run's JSON: when and where it ran, then each part's result (or `{ error }`) under its name. */
export interface BenchResults {
  startedAt: string;
  durationSeconds: number;
  parts: string[]; // measured by this invocation
  carriedOver: Record<string, string>; // parts copied from an earlier run: that run's start
  machine: { node: string; cpus: number; cpuModel: string; memoryGb: number; os: string };
  git: { commit: string; changedFiles: number };
  load: Record<string, { start: number; end: number }>; // 1-minute load average around each part
  build?: { seconds: number } | { skipped: string } | { error: string };
  stoppedEarly?: string;
  incidents?: string[]; // what went wrong around the measurements, such as a server that died
  [part: string]: unknown;
}

export const failed = (value: unknown): value is { error: string } =>
  typeof value === 'object' && value !== null && 'error' in value;

export function renderMarkdown(results: BenchResults, parts: (readonly [string, Part<unknown>])[]) {
  const { machine: m, git, durationSeconds: seconds, incidents = [] } = results;
  const loads = Object.entries(results.load).map(([part, l]) => `${part} ${l.start} → ${l.end}`);
  const carried = Object.entries(results.carriedOver).map(([part, at]) => `${part} (${at})`);
  const rows = parts.flatMap(([name, part]) => {
    const result = results[name];
    if (result !== undefined && !failed(result)) return part.judge(result);
    const reason = result ? `${name} part failed: ${result.error}` : `${name} part not run`;
    return part.judge(undefined).map((r) => ({ ...r, measured: r.measured || reason }));
  });
  const columns = ['budget', 'measured', 'status'] as const;
  const paragraphs = [
    '# Benchmark results',
    `Produced by \`npm run bench\` (see [bench/README.md](../README.md) for what each figure means). ` +
      `Run started ${results.startedAt}, took ${Math.floor(seconds / 60)} min ${seconds % 60} s; ` +
      `commit \`${git.commit.slice(0, 12)}\`${git.changedFiles ? ` with ${git.changedFiles} uncommitted file(s)` : ''}; ` +
      `Node ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB RAM, ${m.os}.`,
    loads.length &&
      `1-minute load average at the start → end of each part (${m.cpus} cores; above ~1 means other work shared the machine and the figures are pessimistic): ${loads.join(', ')}.`,
    carried.length &&
      `Parts not measured by this invocation, copied from earlier runs: ${carried.join(', ')}.`,
    results.stoppedEarly && `**Stopped early:** ${results.stoppedEarly}`,
    failed(results.build) && `**Build failed:** ${results.build.error}`,
    incidents.length && '**Incidents during the run** (figures taken around them may be off):',
    incidents.map((incident) => `- ${incident}`).join('\n'),
    '## Budgets (DESIGN §8)',
    table(
      rows,
      columns.map((key) => [key, (row: BudgetRow) => row[key]] as const),
    ),
    ...parts.flatMap(([name, part]) => {
      const result = results[name];
      if (result === undefined) return [`## ${part.title}`, 'Not run.'];
      return [
        `## ${part.title}`,
        failed(result) ? `Failed: ${result.error}` : part.details(result),
      ];
    }),
  ];
  return `${paragraphs
    .filter(Boolean)
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
