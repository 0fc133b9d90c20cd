import { readFileSync } from "node:fs";
import { type Endpoint, endpoints } from "@nimbus/protocol";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAW_SUCCESSES } from "../src/http/openapi-responses.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { gcidOf, patternBytes, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

interface Response {
  description: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const ERROR_REF = "#/components/schemas/Error";

/** `/openapi.json`, checked by Redocly's linter and against real answers, errors included. */
describe("the OpenAPI document", () => {
  let t: TestApp;
  let alice: TestUser;
  let text: string;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    const answer = await t.app.inject({ url: "/openapi.json" });
    expect(answer.statusCode).toBe(200);
    text = answer.body;
    doc = JSON.parse(text);
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    const errors = problems.filter((problem) => problem.severity === "error");
    expect(
      errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it("the linter refuses a document with a duplicate operationId and a dangling $ref", async () => {
    const broken: Document = JSON.parse(text);
    const [first, second] = operations().slice(0, 2);
    const [a, b] = [first, second].map((o) => broken.paths[o?.path ?? ""]?.[o?.method.toLowerCase() ?? ""]);
    if (!a || !b) throw new Error("the document has fewer than two operations");
    b.operationId = a.operationId;
    (a.responses.default as Response).content = {
      "application/json": { schema: { $ref: "#/components/schemas/Nope" } },
    };
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(broken),
      absoluteRef: "openapi.json",
      config,
    });
    const rules = problems.filter((problem) => problem.severity === "error").map((problem) => problem.ruleId);
    expect(rules).toEqual(expect.arrayContaining(["operation-operationId-unique", "no-unresolved-refs"]));
  });

  it("gives every operation a unique operationId and more than a bare 200", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, `${method} ${path}`).toContain("default");
      expect(
        statuses.some((status) => Number(status) >= 400),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it("answers every failure with the one error schema, except tus's plain-text protocol refusals", () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== "default" && Number(status) < 400) continue;
        if (path.startsWith("/drive/v1/uploads/tus") && response.content?.["text/plain"]) continue;
        if (path === "/readyz") continue;
        expect(response.content?.["application/json"]?.schema?.$ref, `${method} ${path} ${status}`).toBe(
          ERROR_REF,
        );
      }
    }
  });

  it("declares the real success statuses of operations that answer more than 200", () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses("/drive/v1/download/{fileId}", "get")).toEqual(
      expect.arrayContaining(["200", "206", "304", "412", "416"]),
    );
    expect(statuses("/drive/v1/uploads/tus", "post")).toContain("201");
    expect(statuses("/drive/v1/uploads/tus/{uploadId}", "patch")).toEqual(
      expect.arrayContaining(["204", "409", "412", "415"]),
    );
    expect(statuses("/drive/v1/uploads/tus/{uploadId}", "patch")).not.toContain("200");
    expect(statuses("/drive/v1/uploads/tus/{uploadId}", "head")).toContain("200");
    expect(statuses("/drive/v1/uploads/tus/{uploadId}", "delete")).toContain("204");
    // Every operation without a JSON answer in the contract has its statuses listed.
    const raw = Object.entries(endpoints).flatMap(([area, list]) =>
      Object.entries(list as Record<string, Endpoint>)
        .filter(([, endpoint]) => !endpoint.response)
        .map(([operation]) => `${area}.${operation}`),
    );
    expect(raw.filter((name) => !(name in RAW_SUCCESSES))).toEqual([]);
  });

  it("holds the README's claim: each call's failures are listed, sign-in's included", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toMatch(/OpenAPI document (lists|declares)[^.]*fail/);
    const signin = doc.paths["/v1/auth/signin"]?.post?.responses ?? {};
    expect(signin["401"]?.description).toMatch(/two_factor_required/);
    expect(signin["403"]?.description).toMatch(/account_freeze/);
    expect(signin["400"]?.description).toMatch(/invalid_verification_code|invalid_two_factor/);
    const about = doc.paths["/drive/v1/about"]?.get?.responses ?? {};
    expect(about["401"]?.description).toMatch(/unauthenticated/);
  });

  it("matches a sample of real answers, errors included", async () => {
    const bytes = patternBytes(1000, 1);
    const samples = [
      {
        path: "/drive/v1/about",
        method: "get",
        answer: await t.app.inject({ url: "/drive/v1/about", headers: alice.auth }),
      },
      { path: "/drive/v1/about", method: "get", answer: await t.app.inject({ url: "/drive/v1/about" }) },
      {
        path: "/drive/v1/files/{id}",
        method: "get",
        answer: await t.app.inject({
          url: "/drive/v1/files/NOSUCHFILE0000000000000000",
          headers: alice.auth,
        }),
      },
      {
        path: "/drive/v1/files",
        method: "post",
        answer: await startUpload(t.app, alice, {
          name: "a.bin",
          size: String(bytes.length),
          hash: gcidOf(bytes),
        }),
      },
      {
        path: "/drive/v1/files",
        method: "post",
        answer: await startUpload(t.app, alice, { name: "", size: "x" }),
      },
      {
        path: "/drive/v1/uploads/tus/{uploadId}",
        method: "head",
        answer: await t.app.inject({ method: "HEAD", url: "/drive/v1/uploads/tus/ABC", headers: alice.auth }),
      },
    ];
    for (const { path, method, answer } of samples) {
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      const declared = responses[String(answer.statusCode)];
      expect(declared, `${method} ${path} answered ${answer.statusCode}, not declared`).toBeDefined();
      if (
        answer.statusCode >= 400 &&
        answer.headers["content-type"]?.toString().startsWith("application/json")
      ) {
        expect(declared?.content?.["application/json"]?.schema?.$ref).toBe(ERROR_REF);
        const body = answer.json();
        expect(Object.keys(body).sort()).toEqual([
          "details",
          "error",
          "error_code",
          "error_description",
          "error_uri",
        ]);
        expect(typeof body.error_code).toBe("number");
      }
    }
  });
});
