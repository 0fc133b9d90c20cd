import { describeDriveAccountingProperty } from "./support/drive-property.js";
import { testDatabaseKind } from "./support/test-app.js";

// The full run count, sized to stay within a few minutes; NIMBUS_PROPERTY_RUNS overrides it.
const RUNS = Number(process.env.NIMBUS_PROPERTY_RUNS ?? (testDatabaseKind === "sqlite" ? 2000 : 600));
describeDriveAccountingProperty(RUNS, 300_000);
