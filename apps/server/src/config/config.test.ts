import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "nimbus-config-"));

describe("loadConfig", () => {
  it("runs on embedded defaults: SQLite and local blobs under DATA_DIR, port 3000", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: dir,
      database: { kind: "sqlite", file: path.join(dir, "nimbus.db") },
      blobs: { kind: "local", dir: path.join(dir, "blobs") },
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      quota: { freeStorageBytes: 6 * 1024 ** 3, premiumStorageBytes: 10 * 1024 ** 4 },
    });
  });

  it("generates SECRET_KEY once, keeps it private in DATA_DIR and reuses it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
    expect(readFileSync(path.join(dir, "secret_key"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "secret_key")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: "k".repeat(40) }).secretKey).toBe("k".repeat(40));
  });

  it("reads Postgres, S3 and the other settings", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: "8080",
      DATABASE_URL: "postgres://u:p@db:5432/nimbus",
      BLOB_STORE: "s3",
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "blobs",
      S3_FORCE_PATH_STYLE: "true",
      PUBLIC_URL: "https://drive.example.com/",
      LOG_LEVEL: "warn",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/nimbus" });
    expect(config.blobs).toMatchObject({
      kind: "s3",
      endpoint: "http://minio:9000",
      bucket: "blobs",
      forcePathStyle: true,
      region: "us-east-1",
    });
    expect(config.publicUrl).toBe("https://drive.example.com");
    expect(config.port).toBe(8080);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "", SECRET_KEY: "" }).port).toBe(3000);
  });

  it("reports every problem at once", () => {
    let caught: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: "70000",
        DATABASE_URL: "mysql://x",
        BLOB_STORE: "ftp",
        S3_FORCE_PATH_STYLE: "maybe",
        LOG_LEVEL: "loud",
        SECRET_KEY: "short",
        FREE_STORAGE_BYTES: "-1",
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const fields = (caught as ConfigError).problems.map((p) => p.split(":")[0]);
    expect(fields.sort()).toEqual(
      [
        "BLOB_STORE",
        "DATABASE_URL",
        "FREE_STORAGE_BYTES",
        "LOG_LEVEL",
        "PORT",
        "S3_FORCE_PATH_STYLE",
        "SECRET_KEY",
      ].sort(),
    );
  });

  it("requires a bucket for S3", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), BLOB_STORE: "s3" })).toThrow(/S3_BUCKET: required/);
  });
});
