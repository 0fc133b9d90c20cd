export type { TextCatalogue } from "./catalogue.js";
export { ERROR_TEXT_LOADERS } from "./errors/loaders.js";
export {
  type CompiledMessage,
  compileMessage,
  formatCompiled,
  formatMessage,
  type MessageParams,
} from "./icu/format.js";
export { argumentsOf, MessageSyntaxError, type Part, parseMessage } from "./icu/parse.js";
