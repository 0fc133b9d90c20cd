import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { TasksView } from "../drive/tasks/tasks-view.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-tasks";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveTasks");

/** Cloud downloads (`/drive/tasks`, the `show_task` action): live progress, pause, resume, retry, delete. */
export default function DriveTasksPage() {
  return (
    <DrivePage name="driveTasks">
      <SessionGate>
        <TasksView />
      </SessionGate>
    </DrivePage>
  );
}
