import { z } from "zod";

/**
 * `GET /v1/app/build`: the build manifest and its route rules (spec §7, decision 0045).
 * `id` is the deployed web build (React Router's manifest version), null when no
 * production build is served; the rules say which pages ask again and how often.
 */
export const appBuildResponseSchema = z.object({
  id: z.string().nullable(),
  rules: z.object({
    /** Path prefixes (locale-less) whose pages check for a new build. */
    check_paths: z.array(z.string()),
    interval_seconds: z.number().int().positive(),
  }),
});
export type AppBuildResponse = z.infer<typeof appBuildResponseSchema>;
