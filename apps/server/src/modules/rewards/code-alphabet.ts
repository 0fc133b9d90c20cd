import { randomInt } from "node:crypto";

/** Upper-case letters and digits a person cannot confuse: no 0/O, 1/I/L. 31 symbols. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `length` random symbols of the alphabet (crypto randomness). */
export function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return code;
}

/** An activation code: 16 symbols (about 79 bits), shown in groups of four. */
export function newActivationCode(): string {
  return (randomCode(16).match(/.{4}/g) ?? []).join("-");
}

const ACTIVATION = new RegExp(`^[${CODE_ALPHABET}]{16}$`);

/**
 * The canonical form of a typed activation code (upper case, no spaces or dashes), or
 * undefined when it cannot be one.
 */
export function canonicalActivationCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return ACTIVATION.test(code) ? code : undefined;
}
