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

  it("reads OpenID Connect providers, and names what is wrong with a bad list", () => {
    const google = {
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com",
      client_id: "c",
      client_secret: "s",
    };
    const config = loadConfig({ DATA_DIR: dataDir(), OIDC_PROVIDERS: JSON.stringify([google]) });
    expect(config.accounts.oidcProviders).toEqual([{ ...google, scope: "openid email profile" }]);
    expect(loadConfig({ DATA_DIR: dataDir() }).accounts.oidcProviders).toEqual([]);

    const problems = (value: string) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), OIDC_PROVIDERS: value });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems("not json")).toEqual([expect.stringMatching(/^OIDC_PROVIDERS: must be a JSON array/)]);
    expect(problems(JSON.stringify([{ ...google, issuer: "ftp://x", id: "Bad Id" }]))).toEqual([
      expect.stringMatching(/^OIDC_PROVIDERS: .*id: .*issuer: /),
    ]);
  });

  it("reads the cloud-download and BitTorrent settings", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      offline: { allowPrivate: false },
      torrent: { dht: true, trackers: [], maxFiles: 7000, metadataTimeoutMs: 120_000, listenPort: 0 },
    });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "test" }).torrent.dht).toBe(false);
    const set = loadConfig({
      DATA_DIR: dir,
      OFFLINE_ALLOW_PRIVATE: "true",
      TORRENT_DHT: "false",
      TORRENT_TRACKERS: "udp://t.example:80, http://a.example/announce",
      TORRENT_MAX_FILES: "10",
      TORRENT_METADATA_TIMEOUT_SECONDS: "5",
      TORRENT_MAX_CONNECTIONS: "7",
      TORRENT_PORT: "6881",
    });
    expect(set.offline.allowPrivate).toBe(true);
    expect(set.torrent).toEqual({
      dht: false,
      trackers: ["udp://t.example:80", "http://a.example/announce"],
      maxFiles: 10,
      metadataTimeoutMs: 5000,
      maxConnections: 7,
      listenPort: 6881,
      cacheDir: path.join(dir, "torrents"),
    });
    expect(() => loadConfig({ DATA_DIR: dir, TORRENT_TRACKERS: "wss://x.example" })).toThrow(
      /TORRENT_TRACKERS/,
    );
  });

  it("requires a bucket for S3", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), BLOB_STORE: "s3" })).toThrow(/S3_BUCKET: required/);
  });
});
