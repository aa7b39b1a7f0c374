/**
 * Open-loop load (decision 055): requests leave at a fixed rate whatever the server's answers
 * do, like many independent browsers, over a keep-alive pool. Each latency runs from the
 * moment its request was due, so a server that falls behind is not forgiven the queueing
 * (a closed loop would slow down with it).
 */
import { Agent, get as httpGet } from 'node:http';
import { summarize } from './common';

export type Request = { url: string; headers: Record<string, string> };

/** `rate` requests per second for `seconds`, cycling through `mix`; waits for every answer. */
export async function openLoop(mix: Request[], rate: number, seconds: number, timeoutMs = 10_000) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });
  const latencies: number[] = [];
  let [errors, notOk] = [0, 0];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const sendOne = (index: number, due: number) =>
    new Promise<void>((done) => {
      const { url, headers } = mix[index % mix.length]!;
      const request = httpGet(url, { agent, headers, timeout: timeoutMs }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) latencies.push(performance.now() - due);
          else notOk += 1;
          done();
        });
        response.on('error', () => ((errors += 1), done()));
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => ((errors += 1), done()));
    });
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    for (let due = started + (sent * 1000) / rate; due <= now && sent < total;) {
      pending.push(sendOne(sent, due));
      sent += 1;
      due = started + (sent * 1000) / rate;
    }
    await new Promise((tick) => setTimeout(tick, 1));
  }
  const sendingSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  agent.destroy();
  const latency = summarize(latencies, 1);
  return { rate, sent: total, sentPerSecond: total / sendingSeconds, errors, notOk, latency };
}
