import type { Db } from "../../db/database.js";

/** Tasks by phase, and the latest failed ones (the console's dashboard). */
export async function taskFigures(
  db: Db,
  recent: number,
): Promise<{
  byPhase: { phase: string; count: number }[];
  failures: { id: string; type: string; error: string; at: number }[];
}> {
  const [phases, failed] = await Promise.all([
    db
      .selectFrom("tasks")
      .select(["phase", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("phase")
      .execute(),
    db
      .selectFrom("tasks")
      .select(["id", "type", "message", "updated_at"])
      .where("phase", "=", "PHASE_TYPE_ERROR")
      .orderBy("updated_at", "desc")
      .limit(recent)
      .execute(),
  ]);
  return {
    byPhase: phases.map((row) => ({ phase: row.phase, count: Number(row.n) })),
    failures: failed.map((task) => ({
      id: task.id,
      type: task.type,
      error: task.message,
      at: Number(task.updated_at),
    })),
  };
}
