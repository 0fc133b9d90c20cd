/** What is left of `buffers` after the first `done` bytes were written (writev may be partial). */
export function unwritten(buffers: Buffer[], done: number): Buffer[] {
  let skip = done;
  const rest: Buffer[] = [];
  for (const buffer of buffers) {
    if (skip >= buffer.length) {
      skip -= buffer.length;
      continue;
    }
    rest.push(skip > 0 ? buffer.subarray(skip) : buffer);
    skip = 0;
  }
  return rest;
}
