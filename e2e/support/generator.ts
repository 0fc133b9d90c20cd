/**
 * The tag of a journey that generates screenshots for people to look at
 * (`test-results/screenshots/`, decision 0068) rather than comparing them: its
 * `expect`s check what they name (status, no overflow, no script errors), never the
 * image. Images are compared only in `visual-baselines.e2e.ts`. Leave the
 * generators out with `--grep-invert @generator`, or run only them with `--grep @generator`.
 */
export const GENERATOR = { tag: "@generator" };
