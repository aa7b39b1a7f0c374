/** nginx serving one static file as the server part's ceiling (bench/README.md says how). */
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorText, freePort, log, tempDir } from './common';
import { runCommand, startProcess, waitForHttp, type Running } from './processes';

export const NGINX = '/usr/sbin/nginx';

/** Installs nginx from Debian when it is missing; returns why not when that fails. */
export async function ensureNginx(): Promise<string | undefined> {
  if (existsSync(NGINX)) return undefined;
  log('nginx is missing: apt-get install -y nginx');
  const options = { env: { DEBIAN_FRONTEND: 'noninteractive' }, timeoutMs: 240_000 };
  const apt = (...args: string[]) => runCommand(`apt-get ${args[0]}`, 'apt-get', args, options);
  try {
    await apt('install', '-y', 'nginx').catch(() =>
      apt('update').then(() => apt('install', '-y', 'nginx')),
    );
  } catch (error) {
    return `nginx could not be installed: ${errorText(error).split('\n')[0]}`;
  }
  return existsSync(NGINX) ? undefined : 'nginx is still missing after apt-get install';
}

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
