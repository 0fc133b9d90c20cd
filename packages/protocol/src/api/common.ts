import { z } from "zod";

/** int64 values travel as decimal strings, as in the real service's drive API. */
export const int64String = z.string().regex(/^\d+$/).describe("int64 as a decimal string");

export const errorBodySchema = z
  .object({
    error: z.string(),
    error_code: z.number().int(),
    error_description: z.string(),
    error_uri: z.string(),
    details: z.array(z.record(z.string(), z.unknown())),
  })
  .describe("The error object every failing call answers");

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  page_token: z.string().max(2048).optional(),
});
