import type { CurrentConfig } from "../../../modules/remote-config/remote-config-service.js";
import { RemoteConfigService } from "../../../modules/remote-config/remote-config-service.js";

/** The console's view of the config: version, document and the document's JSON Schema. */
export function presentConfig(current: CurrentConfig) {
  return { version: current.version, document: current.document, schema: RemoteConfigService.jsonSchema() };
}
