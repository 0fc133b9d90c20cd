import { AVATAR_SIZES, avatarParamsSchema, avatarQuerySchema, NimbusError } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

const LARGEST = AVATAR_SIZES[AVATAR_SIZES.length - 1] as number;

/** Avatar images: public, and immutable (a new upload is a new version, so a new URL). */
export function avatar(app: NimbusApp, { avatars }: Services): void {
  app.get(
    "/v1/user/avatars/:user_id/:version",
    {
      schema: {
        tags: ["user"],
        summary: "An avatar as WebP (`size` 48, 96 or 256; default 256)",
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
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
