/**
 * The send floor (decision 055): a plain node:http server answering each captured URL and
 * Cookie header with the site's status, headers and compressed body bytes, from memory.
 * Run as its own process: `node --import tsx send-floor-server.ts <pages.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export type CapturedAnswer = {
  path: string;
  cookie: string;
  status: number;
  headers: [string, string][];
  /** Base64 of the body as the site sent it (compressed). */
  body: string;
};

const [file = '', port = '0'] = process.argv.slice(2);
const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[]).map((answer) => [
    `${answer.path}\n${answer.cookie}`,
    { ...answer, body: Buffer.from(answer.body, 'base64') },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(`${req.url}\n${req.headers.cookie ?? ''}`);
  // Only a miss looks further: `/readyz` tells the bench the floor is listening.
  if (!answer) return res.writeHead(req.url === '/readyz' ? 204 : 404).end();
  // A flat list of names and values: the site's headers as they came, in their order.
  res.writeHead(answer.status, [
    ...answer.headers.flat(),
    ...['Content-Length', String(answer.body.length)],
  ]);
  res.end(answer.body);
}).listen(Number(port), () => console.log(`send floor on port ${port}`));
