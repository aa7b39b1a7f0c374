// The parts of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to complete; when set, `duration` is ignored. */
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    requests: { total: number };
    latency: { p50: number; p99: number; mean: number; max: number };
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
