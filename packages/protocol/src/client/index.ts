export * from "./captcha-sign.js";
export * from "./md5.js";
