export * from "./contract.js";
export * from "./define.js";
export * from "./locations.js";
export * from "./web.js";
