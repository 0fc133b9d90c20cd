/**
 * Report categories of the transparency report. Counts are this instance's own;
 * texts: `transparency.cat.<id>` and `transparency.cat.<id>.desc`.
 */
export const TRANSPARENCY_CATEGORIES = [
  { id: "copyright", received: 0, actioned: 0 },
  { id: "abuse", received: 0, actioned: 0 },
  { id: "childSafety", received: 0, actioned: 0 },
  { id: "dataRequests", received: 0, actioned: 0 },
  { id: "removalOrders", received: 0, actioned: 0 },
  { id: "appeals", received: 0, actioned: 0 },
] as const;
