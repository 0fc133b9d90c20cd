import { AVATAR_MAX_BYTES, endpoints } from "@nimbus/protocol";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** The avatar: the image itself as the body (`Content-Type: image/…`), resized to square WebP sizes. */
export function avatarUpload(app: NimbusApp, { profiles }: Services): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      /^image\//,
      { parseAs: "buffer", bodyLimit: AVATAR_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    route(
      scope,
      endpoints.user.avatarUpload,
      {
        bodyLimit: AVATAR_MAX_BYTES,
        schema: {
          tags: ["user"],
          summary: "Upload an avatar (PNG, JPEG, WebP, GIF or AVIF body, at most 5 MiB)",
          description:
            "Other content types answer `unsupported_media_type`; bytes that are not a readable image " +
            "`invalid_argument` (reason NOT_AN_IMAGE); larger bodies `payload_too_large`.",
        },
      },
      async (request) =>
        profiles.uploadAvatar(
          userId(request),
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers["content-type"],
        ),
    );
    route(
      scope,
      endpoints.user.avatarDelete,
      {
        schema: { tags: ["user"], summary: "Remove the avatar" },
      },
      async (request) => profiles.removeAvatar(userId(request)),
    );
  });
}
