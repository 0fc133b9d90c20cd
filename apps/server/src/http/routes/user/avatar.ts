import { AVATAR_SIZES, endpoints, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

const LARGEST = AVATAR_SIZES[AVATAR_SIZES.length - 1] as number;

/** Avatar images: public, and immutable (a new upload is a new version, so a new URL). */
export function avatar(app: NimbusApp, { avatars }: Services): void {
  route(
    app,
    endpoints.user.avatar,
    {
      schema: {
        tags: ["user"],
        summary: "An avatar as WebP (`size` 48, 96 or 256; default 256)",
      },
    },
    async (request, reply) => {
      const { user_id, version } = request.params;
      const bytes = await avatars.read(user_id, version, request.query.size ?? LARGEST);
      if (!bytes) throw new NimbusError("not_found", "no such avatar");
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .send(bytes);
    },
  );
}
