// The parts of autocannon's programmatic API the benchmark uses (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  }
  interface Result {
    url: string;
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance {
    stop(): void;
  }
  function autocannon(options: Options): Promise<Result> & Instance;
  export default autocannon;
  export type { Options, Result };
}
