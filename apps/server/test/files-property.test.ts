import { describeDriveAccountingProperty } from "./support/drive-property.js";

// A quick sample of the property on every run; files-property.slow.test.ts runs the full count.
describeDriveAccountingProperty(Number(process.env.NIMBUS_PROPERTY_RUNS ?? 150), 60_000);
