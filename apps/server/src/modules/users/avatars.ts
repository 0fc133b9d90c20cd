import { randomBytes } from "node:crypto";
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, AVATAR_SIZES, NimbusError } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";

/** Largest source image decoded (pixels), against decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;

/** sharp (libvips) is loaded on the first avatar upload. */
let sharpModule: Promise<typeof import("sharp")> | undefined;

/** Square WebP renditions of one image, one per `AVATAR_SIZES` entry. */
async function renditions(input: Buffer): Promise<Map<number, Buffer>> {
  sharpModule ??= import("sharp");
  const { default: sharp } = await sharpModule;
  const source = sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: "error",
    animated: false,
  }).rotate();
  const out = new Map<number, Buffer>();
  try {
    await source.metadata();
    for (const size of AVATAR_SIZES) {
      out.set(
        size,
        await source
          .clone()
          .resize(size, size, { fit: "cover", position: "attention" })
          .webp({ quality: 82 })
          .toBuffer(),
      );
    }
  } catch (cause) {
    throw new NimbusError("invalid_argument", "the upload is not an image that can be read", {
      metadata: { field: "body", reason: "NOT_AN_IMAGE" },
      cause,
    });
  }
  return out;
}

/**
 * Avatars, resized once at upload into small WebP squares kept in the database: a few
 * kilobytes each, served by any app node without the blob store. Each upload is a new
 * version, so the URLs are immutable and cacheable.
 */
export class Avatars {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Stores a new avatar for the user and answers its version. */
  async upload(userId: string, body: Buffer, contentType: string | undefined): Promise<string> {
    const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(type)) {
      throw new NimbusError(
        "unsupported_media_type",
        `an avatar must be one of ${AVATAR_CONTENT_TYPES.join(", ")}`,
        {
          metadata: { reason: "NOT_AN_IMAGE", content_type: type },
        },
      );
    }
    if (body.length === 0) {
      throw new NimbusError("invalid_argument", "the image is empty", { metadata: { field: "body" } });
    }
    if (body.length > AVATAR_MAX_BYTES) throw new NimbusError("payload_too_large", "the image is too large");
    const images = await renditions(body);
    const version = randomBytes(8).toString("hex");
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("user_avatars").where("user_id", "=", userId).execute();
      await trx
        .insertInto("user_avatars")
        .values(
          [...images].map(([size, content]) => ({
            user_id: userId,
            version,
            size,
            content,
            created_at: now,
          })),
        )
        .execute();
      await trx
        .updateTable("users")
        .set({ avatar_version: version, updated_at: now })
        .where("id", "=", userId)
        .execute();
    });
    return version;
  }

  async remove(userId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("user_avatars").where("user_id", "=", userId).execute();
      await trx
        .updateTable("users")
        .set({ avatar_version: null, updated_at: now })
        .where("id", "=", userId)
        .execute();
    });
  }

  /** The WebP bytes of one size of one version, or undefined. */
  async read(userId: string, version: string, size: number): Promise<Buffer | undefined> {
    const row = await this.db
      .selectFrom("user_avatars")
      .select("content")
      .where("user_id", "=", userId)
      .where("version", "=", version)
      .where("size", "=", size)
      .executeTakeFirst();
    return row ? Buffer.from(row.content) : undefined;
  }
}
