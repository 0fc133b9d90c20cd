import { z } from "zod";

/** What `/healthz` and `/readyz` answer: `checks` names each dependency's state. */
export const healthStatusSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), z.string()).optional(),
});
