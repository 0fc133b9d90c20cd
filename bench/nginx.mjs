// The one nginx the benches compare against: 1 worker on a loopback port, serving
// `root` with `sendfile on` and taking WebDAV `PUT`s into it, from a private prefix.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, ROOT, sleep } from "./lib.mjs";

export const NGINX = "/usr/sbin/nginx";

/**
 * Starts nginx with its config, temp paths and pid under `work`; resolves once it answers.
 * `extra`: more directives for the server block (download.mjs: the offload locations).
 */
export async function startNginx({ work, root, extra = "" }) {
  mkdirSync(work, { recursive: true });
  mkdirSync(root, { recursive: true });
  const port = await freePort();
  const conf = path.join(work, "nginx.conf");
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  access_log off;
  default_type application/octet-stream;
  client_max_body_size 0;
  client_body_temp_path ${work}/nginx-body;
  proxy_temp_path ${work}/nginx-proxy;
  fastcgi_temp_path ${work}/nginx-fastcgi;
  uwsgi_temp_path ${work}/nginx-uwsgi;
  scgi_temp_path ${work}/nginx-scgi;
  server {
    listen 127.0.0.1:${port};
    location / { root ${root}; dav_methods PUT; create_full_put_path on; }
${extra}
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", work], { stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await fetch(url);
      break;
    } catch (error) {
      if (i > 400) throw error;
      await sleep(25);
    }
  }
  return {
    url,
    root,
    child,
    /** The worker (the process that serves), found as the master's child. */
    workerPid() {
      const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(" ");
      return Number(kids[0] || child.pid);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

/**
 * deploy/nginx/nimbus.conf's offload location (DOWNLOAD_OFFLOAD=x-accel), its alias pointed at
 * this run's blobs, and `proxied` (a path prefix) passed to the Nimbus at `upstream`: the
 * `extra` of `startNginx` for a Nimbus behind nginx.
 */
export function offloadLocations(blobDir, upstream, proxied) {
  const deployed = readFileSync(path.join(ROOT, "deploy/nginx/nimbus.conf"), "utf8");
  const internal = /\n(\s*location \/_nimbus_blobs\/ \{[^}]*\})/.exec(deployed)?.[1];
  if (!internal) throw new Error("deploy/nginx/nimbus.conf has no location /_nimbus_blobs/");
  return `${internal.replace(/alias [^;]+;/, `alias ${blobDir}/;`)}
    location ${proxied} {
        proxy_pass ${upstream};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_request_buffering off;
        proxy_buffering off;
    }`;
}
