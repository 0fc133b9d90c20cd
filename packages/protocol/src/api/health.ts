import { z } from "zod";

/**
 * What `/healthz` and `/readyz` answer: `checks` names each dependency's state; `previews`
 * (readyz) tells which preview kinds that need a program this server can make
 * (`video`, `pdf`, `zip`, `7z`, `rar`). A missing one does not make the server unready.
 */
export const healthStatusSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.record(z.string(), z.string()).optional(),
  previews: z.record(z.string(), z.boolean()).optional(),
});
