import { z } from "zod";

/** One folder on the way from the root down to an item. */
export const ancestorSchema = z.object({ id: z.string(), name: z.string(), parent_id: z.string() });
export type Ancestor = z.infer<typeof ancestorSchema>;

/**
 * `GET /drive/v1/files/{id}/ancestors`: the folders from the root down to `{id}`, the
 * item itself last (the web's breadcrumbs). The root ('') is not listed.
 */
export const ancestorsSchema = z.object({
  kind: z.literal("drive#ancestors"),
  ancestors: z.array(ancestorSchema),
});
export type Ancestors = z.infer<typeof ancestorsSchema>;
