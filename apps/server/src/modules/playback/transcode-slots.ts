/** What the slot rules read of a running HLS stream (`HlsSessions`). */
export interface SlotHolder {
  key: string;
  gcid: string;
  profileId: string;
  /** A video transcode: the only kind that takes a slot. */
  transcode: boolean;
  /** Its ffmpeg is running (a finished stream holds no slot). */
  running: boolean;
  /** The viewer whose slot it takes. */
  owner: string;
  /** Everyone who asked it for segments. */
  viewers: ReadonlySet<string>;
  /** When a segment was last asked of it. */
  lastRequest: number;
}

export interface SlotLimits {
  maxTranscodes: number;
  maxTranscodesPerUser: number;
}

/** Running video transcodes, all of them or `viewer`'s. */
export function transcodesOf(holders: Iterable<SlotHolder>, viewer?: string): number {
  let n = 0;
  for (const h of holders) {
    if (!h.transcode || !h.running) continue;
    if (viewer === undefined || h.owner === viewer) n++;
  }
  return n;
}

/** A stream `viewer` started and nobody else watches: stopping it takes nothing from anyone else. */
function onlyTheirs(h: SlotHolder, viewer: string): boolean {
  return h.owner === viewer && [...h.viewers].every((v) => v === viewer);
}

/**
 * The streams to stop before `viewer` starts a transcode of `gcid`/`profileId` (decision 0075):
 *  - always their own transcode of another profile of the same video (switching quality or
 *    audio track replaces a stream, it does not add one);
 *  - when `replacePrevious` (a new plan: the viewer chose to play this now), their own transcodes
 *    of other videos, least recently asked first, until one more fits their per-user limit — so
 *    going from one film to the next never waits for the first to idle out.
 * A stream someone else also watches is never stopped; the caller then checks the limits.
 */
export function toStop(
  holders: readonly SlotHolder[],
  viewer: string,
  gcid: string,
  profileId: string,
  limits: SlotLimits,
  replacePrevious: boolean,
): SlotHolder[] {
  const key = `${gcid}/${profileId}`;
  const theirs = holders.filter((h) => h.key !== key && h.transcode && onlyTheirs(h, viewer));
  const stop = theirs.filter((h) => h.gcid === gcid);
  if (!replacePrevious) return stop;
  const left = holders.filter((h) => !stop.includes(h));
  let count = transcodesOf(left, viewer);
  const previous = theirs
    .filter((h) => h.gcid !== gcid && h.running)
    .sort((a, b) => a.lastRequest - b.lastRequest);
  for (const h of previous) {
    if (count < limits.maxTranscodesPerUser) break;
    stop.push(h);
    count--;
  }
  return stop;
}
