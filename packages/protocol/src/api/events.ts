import { z } from "zod";
import { EVENT_TYPES, FILE_KIND, MAX_PAGE_LIMIT } from "../drive.js";

/** One entry of the recent-activity feed. */
export const eventSchema = z.object({
  kind: z.literal("drive#event"),
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  file_id: z.string(),
  file_name: z.string(),
  file_kind: z.enum([FILE_KIND.file, FILE_KIND.folder]),
  parent_id: z.string(),
  created_time: z.string(),
});
export type DriveEvent = z.infer<typeof eventSchema>;

export const eventListSchema = z.object({
  kind: z.literal("drive#eventList"),
  events: z.array(eventSchema),
  next_page_token: z.string(),
});
export type DriveEventList = z.infer<typeof eventListSchema>;

export const listEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  page_token: z.string().max(2048).optional(),
});

/** The longest a `GET /drive/v1/events/wait` is held open (under a proxy's usual 60 s read timeout). */
export const MAX_EVENT_WAIT_SECONDS = 30;

/**
 * `GET /drive/v1/events/wait`, the long poll the web waits on for changes made elsewhere (another
 * tab, device or node). `after` is the `latest_id` of the previous answer ("" for a user with no
 * event yet); without it the answer comes at once, carrying the cursor to wait past.
 */
export const waitEventsQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[0-9A-Z]{0,26}$/, "an event id")
    .optional(),
  wait_seconds: z.coerce.number().int().min(1).max(MAX_EVENT_WAIT_SECONDS).optional(),
});

export const eventWaitSchema = z.object({
  kind: z.literal("drive#eventWait"),
  /** Whether the user has an event newer than `after` (the drive changed). */
  changed: z.boolean(),
  /** The id of the user's newest event ("" when none): the next wait's `after`. */
  latest_id: z.string(),
});
export type DriveEventWait = z.infer<typeof eventWaitSchema>;
