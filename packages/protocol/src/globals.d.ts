/**
 * The few web-platform globals the contract relies on. They exist in every
 * browser and in Node ≥ 11, but TypeScript's ES library does not declare them,
 * and the package must not pull in the DOM or Node typings (it is isomorphic).
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
