// The plain-Node floor benchmarks compare against, next to nginx: what Node's own
// streams do with no framework, database, hashing or accounting in the way.
//   PORT=… FILE=… node bench/node-reference.mjs get   GET serves FILE (createReadStream, 1 MiB reads → res)
//   PORT=… DIR=…  node bench/node-reference.mjs put   PUT writes the body to DIR/<n> (8 MiB batches), fdatasync, 201
//   URL=… OUT=…   node bench/node-reference.mjs fetch GETs URL with node:http into OUT (8 MiB batches), fdatasync, exits
//   URL=…         node bench/node-reference.mjs drain GETs URL with node:http, reads the body and drops it, exits
// (node:http, the client the cloud download uses since decision 0080; undici's before.)
//   PORT=… FILE=… ENCODING=… node bench/node-reference.mjs page
//                 answers every GET with FILE's bytes (read once) as JSON sent with Content-Encoding ENCODING
import { createReadStream, readFileSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const mode = process.argv[2];
let uploads = 0;

async function put(req, res) {
  // Anything else is a readiness probe (bench/lib.mjs `startNodeReference`): no file for it.
  if (req.method !== "PUT") return res.writeHead(204).end();
  const file = await open(path.join(process.env.DIR, String(uploads++)), "w");
  try {
    await pipeline(req, file.createWriteStream({ highWaterMark: 8 * 1024 * 1024, flush: true }));
    res.writeHead(201).end();
  } catch {
    res.writeHead(500).end();
  }
}

function get(_req, res) {
  const size = statSync(process.env.FILE).size;
  res.writeHead(200, { "content-length": size, "content-type": "application/octet-stream" });
  createReadStream(process.env.FILE, { highWaterMark: 1024 * 1024 }).pipe(res);
}

/** A GET's answer with node:http (as `modules/offline/guarded-get.ts`, without the guard). */
function httpGet(url) {
  return new Promise((resolve, reject) => {
    http.get(url, resolve).once("error", reject);
  });
}

/** What a cloud download costs Node at least: the body into a file made durable, no hashing. */
async function fetchToFile() {
  const answer = await httpGet(process.env.URL);
  if (answer.statusCode !== 200) throw new Error(`GET answered ${answer.statusCode}`);
  const file = await open(process.env.OUT, "w");
  await pipeline(answer, file.createWriteStream({ highWaterMark: 8 * 1024 * 1024, flush: true }));
}

/** Node's receive path alone: the body read to the end and dropped, no file. */
async function drain() {
  const answer = await httpGet(process.env.URL);
  if (answer.statusCode !== 200) throw new Error(`GET answered ${answer.statusCode}`);
  answer.resume();
  await new Promise((resolve, reject) => answer.once("end", resolve).once("error", reject));
}

/** The floor under an API answer: the same bytes, already made and compressed, from memory. */
function pageServer() {
  const body = readFileSync(process.env.FILE);
  const headers = { "content-type": "application/json; charset=utf-8", "content-length": body.length };
  if (process.env.ENCODING) headers["content-encoding"] = process.env.ENCODING;
  return (_req, res) => res.writeHead(200, headers).end(body);
}

const handlers = { put, get, page: mode === "page" ? pageServer() : undefined };
if (mode === "fetch") await fetchToFile();
else if (mode === "drain") await drain();
else http.createServer(handlers[mode] ?? get).listen(Number(process.env.PORT), "127.0.0.1");
