import { describe, expect, it } from "vitest";
import { isNotModified, preconditionFailed, rangeStillValid } from "./conditional.js";

const validators = { etag: '"ABC"', lastModified: Date.UTC(2024, 0, 2, 3, 4, 5, 678) };
const lastModified = new Date(validators.lastModified).toUTCString();

describe("conditional requests", () => {
  it("If-None-Match decides 304 when present (weak comparison, lists, *)", () => {
    expect(isNotModified({ ifNoneMatch: '"ABC"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: 'W/"ABC"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x", "ABC"' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: "*" }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"x"', ifModifiedSince: lastModified }, validators)).toBe(false);
  });

  it("If-Modified-Since compares whole seconds and ignores bad dates", () => {
    expect(isNotModified({ ifModifiedSince: lastModified }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: "Tue, 02 Jan 2024 03:04:04 GMT" }, validators)).toBe(false);
    expect(isNotModified({ ifModifiedSince: "yesterday" }, validators)).toBe(false);
    expect(isNotModified({}, validators)).toBe(false);
  });

  it("If-Range needs a strong entity-tag match or the exact date", () => {
    expect(rangeStillValid(undefined, validators)).toBe(true);
    expect(rangeStillValid('"ABC"', validators)).toBe(true);
    expect(rangeStillValid('W/"ABC"', validators)).toBe(false);
    expect(rangeStillValid('"OTHER"', validators)).toBe(false);
    expect(rangeStillValid(lastModified, validators)).toBe(true);
    expect(rangeStillValid("Tue, 02 Jan 2024 03:04:06 GMT", validators)).toBe(false);
    expect(rangeStillValid("garbage", validators)).toBe(false);
  });

  it("If-Match fails unless an entity tag matches strongly (or *)", () => {
    expect(preconditionFailed({ ifMatch: '"ABC"' }, validators)).toBe(false);
    expect(preconditionFailed({ ifMatch: '"x", "ABC"' }, validators)).toBe(false);
    expect(preconditionFailed({ ifMatch: "*" }, validators)).toBe(false);
    expect(preconditionFailed({ ifMatch: '"x"' }, validators)).toBe(true);
    expect(preconditionFailed({ ifMatch: 'W/"ABC"' }, validators)).toBe(true);
    // If-Match decides: a passing date does not rescue a wrong tag, a failing one does not sink a right tag.
    expect(preconditionFailed({ ifMatch: '"x"', ifUnmodifiedSince: lastModified }, validators)).toBe(true);
    expect(
      preconditionFailed(
        { ifMatch: '"ABC"', ifUnmodifiedSince: "Tue, 02 Jan 2024 03:04:04 GMT" },
        validators,
      ),
    ).toBe(false);
  });

  it("If-Unmodified-Since fails only when the file changed after the date; bad dates are ignored", () => {
    expect(preconditionFailed({ ifUnmodifiedSince: lastModified }, validators)).toBe(false);
    expect(preconditionFailed({ ifUnmodifiedSince: "Tue, 02 Jan 2024 03:04:06 GMT" }, validators)).toBe(
      false,
    );
    expect(preconditionFailed({ ifUnmodifiedSince: "Tue, 02 Jan 2024 03:04:04 GMT" }, validators)).toBe(true);
    expect(preconditionFailed({ ifUnmodifiedSince: "yesterday" }, validators)).toBe(false);
    expect(preconditionFailed({}, validators)).toBe(false);
  });
});
