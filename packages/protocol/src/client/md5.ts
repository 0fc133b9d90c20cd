/**
 * MD5 (RFC 1321), written out because browsers have no MD5 in Web Crypto and the
 * captcha signature of spec §7 needs it on both sides. Not for security: MD5 is
 * only the signature's agreed hash.
 */

/** Per-step left-rotation amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** floor(|sin(i + 1)| * 2^32), written out so no engine's Math.sin is trusted. */
const K = new Uint32Array([
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501, 0x698098d8,
  0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
  0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87,
  0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039,
  0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
  0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
  0xeb86d391,
]);

/** The message with RFC 1321 padding: 0x80, zeros to 56 mod 64, then the bit length (64-bit LE). */
function pad(message: Uint8Array): DataView {
  const length = Math.ceil((message.length + 9) / 64) * 64;
  const bytes = new Uint8Array(length);
  bytes.set(message);
  bytes[message.length] = 0x80;
  const view = new DataView(bytes.buffer);
  view.setUint32(length - 8, (message.length * 8) >>> 0, true);
  view.setUint32(length - 4, Math.floor(message.length / 0x20000000), true);
  return view;
}

/** The 16-byte MD5 digest of `message`. */
export function md5Digest(message: Uint8Array): Uint8Array {
  const view = pad(message);
  const state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  const words = new Uint32Array(16);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4, true);
    let a = state[0] as number;
    let b = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + (K[i] as number) + (words[g] as number)) | 0;
      const shift = SHIFTS[(round << 2) | (i & 3)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = (state[0] as number) + a;
    state[1] = (state[1] as number) + b;
    state[2] = (state[2] as number) + c;
    state[3] = (state[3] as number) + d;
  }
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  state.forEach((word, i) => {
    out.setUint32(i * 4, word, true);
  });
  return digest;
}

const encoder = new TextEncoder();

/** Lower-case hex MD5 of a string (as UTF-8) or of bytes. */
export function md5Hex(input: string | Uint8Array): string {
  const digest = md5Digest(typeof input === "string" ? encoder.encode(input) : input);
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
