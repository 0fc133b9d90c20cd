import { describeDriveAccountingProperty } from "./support/drive-property.js";
import { testDatabaseKind } from "./support/test-app.js";

// A quick sample of the property on every run; files-property.slow.test.ts runs the full count.
// Each step is a round trip to Postgres and S3 there: 150 runs took 21 s alone and over 60 s
// on CI beside the SQLite coverage pass, so the hang guard is longer on Postgres.
const TIMEOUT_MS = testDatabaseKind === "sqlite" ? 60_000 : 180_000;
describeDriveAccountingProperty(Number(process.env.NIMBUS_PROPERTY_RUNS ?? 150), TIMEOUT_MS);
