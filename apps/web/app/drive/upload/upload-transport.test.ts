import { describe, expect, it } from "vitest";
import { currentFolderId } from "./upload-host.js";
import { sameOriginPath, tusFailure } from "./upload-transport.js";

function tusError(status: number, body: string) {
  const error = new Error("tus: unexpected response") as Error & { originalResponse: unknown };
  error.originalResponse = { getStatus: () => status, getBody: () => body, getHeader: () => undefined };
  return error;
}

describe("tusFailure", () => {
  it("reads the server's error object and restarts a lost upload from its start", () => {
    const lost = tusFailure(tusError(404, '{"error":"upload_not_found","error_description":"gone"}'));
    expect(lost.failure).toEqual({ error: "upload_not_found", error_description: "gone", status: 404 });
    expect(lost.restartAt).toBe("start");
  });

  it("hashes again after a hash mismatch, and resends after anything else", () => {
    expect(tusFailure(tusError(400, '{"error":"file_hash_mismatch"}')).restartAt).toBe("hash");
    const plain = tusFailure(tusError(409, "Upload-Offset conflict"));
    expect(plain.failure).toMatchObject({ error: "unknown", status: 409 });
    expect(plain.restartAt).toBe("send");
  });

  it("is `unreachable` when no answer came", () => {
    expect(tusFailure(new Error("network")).failure).toEqual({ error: "unreachable", status: 0 });
  });
});

describe("sameOriginPath", () => {
  it("keeps the path and query of an absolute link, so the session cookie goes with it", () => {
    expect(sameOriginPath("http://127.0.0.1:3000/drive/v1/uploads/tus/u1")).toBe("/drive/v1/uploads/tus/u1");
    expect(sameOriginPath("/drive/v1/download/f?sig=1")).toBe("/drive/v1/download/f?sig=1");
  });
});

describe("currentFolderId", () => {
  it("is the folder of /drive/all, and the root anywhere else", () => {
    expect(currentFolderId({ pathname: "/drive/all", search: "?parent_id=f9" })).toBe("f9");
    expect(currentFolderId({ pathname: "/drive/all", search: "" })).toBe("");
    expect(currentFolderId({ pathname: "/drive/recent", search: "?parent_id=f9" })).toBe("");
  });
});
