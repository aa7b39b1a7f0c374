/**
 * The send floor (decision 055): a plain node:http server answering each captured URL and
 * Cookie header with the site's status, headers and body, from memory, compressed on every
 * request as the site compresses it (a page made per request cannot be compressed ahead).
 * Run as its own process: `node --import tsx send-floor-server.ts <pages.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import {
  brotliDecompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gunzipSync,
} from 'node:zlib';

export type CapturedAnswer = {
  path: string;
  cookie: string;
  status: number;
  headers: [string, string][];
  /** Base64 of the body as the site sent it (compressed). */
  body: string;
};

const [file = '', port = '0'] = process.argv.slice(2);
/** The body as the page holds it before compression, and the encoding the site chose. */
function uncompressed(answer: CapturedAnswer) {
  const sent = Buffer.from(answer.body, 'base64');
  const encoding = answer.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
  if (encoding === 'gzip') return { encoding, body: gunzipSync(sent) };
  if (encoding === 'br') return { encoding, body: brotliDecompressSync(sent) };
  return { encoding: undefined, body: sent };
}

const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[]).map((answer) => [
    `${answer.path}\n${answer.cookie}`,
    { ...answer, ...uncompressed(answer) },
  ]),
);

createServer((req, res) => {
  const answer = answers.get(`${req.url}\n${req.headers.cookie ?? ''}`);
  // Only a miss looks further: `/readyz` tells the bench the floor is listening.
  if (!answer) return res.writeHead(req.url === '/readyz' ? 204 : 404).end();
  // A flat list of names and values: the site's headers as they came, in their order.
  if (!answer.encoding) {
    res.writeHead(answer.status, [
      ...answer.headers.flat(),
      ...['Content-Length', String(answer.body.length)],
    ]);
    return res.end(answer.body);
  }
  // Streamed through zlib as the site's compression() 1.8 does: gzip at zlib's default
  // level, brotli at quality 4.
  res.writeHead(answer.status, answer.headers.flat());
  const compressor =
    answer.encoding === 'gzip'
      ? createGzip()
      : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  compressor.pipe(res);
  compressor.end(answer.body);
}).listen(Number(port), () => console.log(`send floor on port ${port}`));
