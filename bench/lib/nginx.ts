/** nginx serving one static file as the server part's ceiling (bench/README.md says how). */
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, tempDir } from './common';
import { startProcess, waitForHttp, type Running } from './processes';

const NGINX = '/usr/sbin/nginx';

/** Why there is no nginx to start (the harness does not install it), or undefined. */
export const missingNginx = () =>
  existsSync(NGINX) ? undefined : 'nginx is missing: run `apt-get install -y nginx`';

/** Serves `file` at `/` (and nothing else). */
export async function startNginx(file: string): Promise<Running & { origin: string }> {
  const dir = tempDir('nginx');
  // Workers run as an unprivileged user when nginx starts as root: let them read the files.
  chmodSync(dir, 0o755);
  const docroot = join(dir, 'www');
  mkdirSync(docroot, { mode: 0o755 });
  copyFileSync(file, join(docroot, 'index.html'));
  chmodSync(join(docroot, 'index.html'), 0o644);
  const port = await freePort();
  const config = `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { text/html html; } default_type application/octet-stream;
  sendfile on; tcp_nopush on; keepalive_requests 100000; gzip on; gzip_comp_level 6;
  server { listen 127.0.0.1:${port}; root ${docroot}; location = / { try_files /index.html =404; } }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), config);
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
  const running = startProcess('nginx', NGINX, args, { longRunning: true });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/`, running, 'nginx', 15_000);
  return { ...running, origin };
}
