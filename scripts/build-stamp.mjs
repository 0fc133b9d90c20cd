import { writeFileSync } from "node:fs";
import { STAMP } from "./build-freshness.mjs";

// Written after a successful build; `npm start` rebuilds when any input is newer.
writeFileSync(STAMP, `${new Date().toISOString()}\n`);
