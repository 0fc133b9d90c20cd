export * from "./errors/catalogue.js";
export * from "./errors/nimbus-error.js";
export * from "./locales.js";
