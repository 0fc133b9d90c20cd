// A bounded load run on loopback (issue #18): listings and small downloads against one node,
// then against two nodes behind nginx round-robin, on Postgres, s3rver and Redis (the rig of
// scripts/acceptance/cluster.mjs). autocannon, CONNECTIONS connections for SECONDS seconds each;
// records requests/s, p50/p99 latency and errors (failed connections + non-2xx answers) in
// bench/results.md.   npm run build && node bench/cluster-load.mjs
import { randomBytes } from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/built-server.mjs";
import { ok, signUp, startRig, tusPatch } from "../scripts/cluster-rig.mjs";
import { machine, writeSection } from "./lib.mjs";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const FILES = 50;
const SMALL = 4096;

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

buildIfStale();
const rig = await startRig();
const rows = [];
try {
  const nodeA = await rig.startNode("node-a");
  const nodeB = await rig.startNode("node-b");
  const nginxUrl = await rig.startNginx([new URL(nodeA.url).host, new URL(nodeB.url).host]);
  const user = await signUp(nodeA, "load@example.com", "load password 1");
  const token = user.access_token;
  const folder = await ok(nodeA.url, "POST", "/drive/v1/files", {
    token,
    body: { kind: "drive#folder", name: "load" },
  });
  let small;
  for (let i = 0; i < FILES; i++) {
    const created = await ok(nodeA.url, "POST", "/drive/v1/files", {
      token,
      body: {
        kind: "drive#file",
        name: `f-${i}.bin`,
        parent_id: folder.file.id,
        size: String(SMALL),
        upload_type: "UPLOAD_TYPE_RESUMABLE",
      },
    });
    await tusPatch(nodeA.url, new URL(created.resumable.params.url).pathname, token, 0, randomBytes(SMALL));
    small ??= created.file.id;
  }
  const file = await ok(nodeA.url, "GET", `/drive/v1/files/${small}`, { token });
  const link = new URL(file.web_content_link);
  const listing = `/drive/v1/files?parent_id=${folder.file.id}&limit=50`;
  const targets = [
    ["one node", nodeA.url],
    ["two nodes behind nginx", nginxUrl],
  ];
  for (const [target, origin] of targets) {
    for (const [what, route, headers] of [
      [`listing of ${FILES} files`, listing, { authorization: `Bearer ${token}` }],
      [`${SMALL / 1024} KiB download (signed link)`, `${link.pathname}${link.search}`, {}],
    ]) {
      const result = await load(`${origin}${route}`, headers);
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push(
        `| ${what} | ${target} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} of ${result.requests.total} |`,
      );
      console.log(rows.at(-1));
    }
  }
} finally {
  await rig.close();
}

writeSection(
  "cluster-load",
  [
    "## Cluster load run: listings and small downloads, one node vs two behind nginx",
    "",
    `\`node bench/cluster-load.mjs\`: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per row, on loopback;`,
    "Postgres (own schema), s3rver, Redis, nodes of the built server, nginx round-robin",
    "(`deploy/nginx/nimbus.conf`). Errors = failed connections + timeouts + non-2xx answers. All of it",
    "(Postgres, s3rver, Redis, nginx, the nodes, autocannon) shares the machine's cores, so two nodes",
    "compete with each other and with the load generator: this checks that the cluster path adds no",
    "errors and bounded latency, not how far it scales.",
    "",
    `${machine()}; 1-minute load average at the end: ${os.loadavg()[0].toFixed(1)} (other work on the machine counts).`,
    "",
    "| request | target | req/s | p50 ms | p99 ms | errors |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n"),
);
process.exit(0);
