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
