// Writes brotli (.br) and gzip (.gz) twins of the web build's hashed assets, at the
// highest levels: they are compressed once here and served as stored by content
// negotiation (@fastify/static `preCompressed`), so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS = fileURLToPath(new URL("../apps/web/build/client/assets/", import.meta.url));
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".html", ".map", ".wasm"]);
/** Below this, the twins are not worth a file each. */
const MIN_BYTES = 1024;

let raw = 0;
let brotli = 0;
let count = 0;
for (const name of readdirSync(ASSETS, { recursive: true })) {
  const file = path.join(ASSETS, String(name));
  if (!COMPRESSIBLE.has(path.extname(file)) || !statSync(file).isFile()) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `precompressed ${count} assets: ${(raw / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`,
);
