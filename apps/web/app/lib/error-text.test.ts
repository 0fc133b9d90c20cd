import { type ErrorMessages, loadErrorMessages, NimbusError } from "@nimbus/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { errorText, errorTextIn, errorTextSource } from "./error-text.js";
import { ApiError } from "./http/api-error.js";

let en: ErrorMessages;
beforeAll(async () => {
  en = await loadErrorMessages("en-US");
});

const body = { error_uri: "/x", details: [] };

describe("error text (spec §8)", () => {
  it("uses a localized message from an API failure's details first", () => {
    const error = new ApiError({
      ...body,
      error: "user_blocked",
      error_code: 4013,
      error_description: "blocked",
      details: [
        { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "ja", message: "ロック中" },
      ],
    });
    expect(errorText(error, en)).toBe("ロック中");
  });

  it("shows the network text for unreachable and the too-frequent text for captcha_invalid", () => {
    expect(errorText(new NimbusError("unreachable", "Failed to fetch"), en)).toBe(en._network);
    expect(
      errorText(
        new ApiError({ ...body, error: "captcha_invalid", error_code: 4002, error_description: "" }),
        en,
      ),
    ).toBe("Your operation is too frequent, please try again later");
  });

  it("uses the catalogue text for codes 17 and above", () => {
    const error = new ApiError({
      ...body,
      error: "invalid_account_or_password",
      error_code: 4022,
      error_description: "x",
    });
    expect(errorText(error, en)).toBe("Wrong account number or password, please re-enter");
  });

  it("keeps the server's name and code, even one this client does not know", () => {
    const error = new ApiError({
      ...body,
      error: "brand_new",
      error_code: 4999,
      error_description: "new thing",
    });
    expect(errorText(error, en)).toBe("Something went wrong: brand_new (new thing)");
  });

  it("uses a local NimbusError's name, code and message", () => {
    expect(errorTextSource(new NimbusError("local", "lock timeout"))).toEqual({
      error: "local",
      error_code: 8001,
      error_description: "lock timeout",
      details: [],
    });
    expect(errorText(new NimbusError("local", "lock timeout"), en)).toBe(en.local);
  });

  it("treats anything else as unknown", () => {
    expect(errorTextSource(new TypeError("x is undefined"))).toEqual({
      error: "unknown",
      error_code: 2,
      error_description: "x is undefined",
      details: [],
    });
    expect(errorText("a string", en)).toBe("Something went wrong: unknown ()");
    expect(errorText(undefined, en)).toBe("Something went wrong: unknown ()");
  });

  it("loads the locale's texts", async () => {
    const ko = await loadErrorMessages("ko");
    await expect(errorTextIn(new NimbusError("unreachable"), "ko")).resolves.toBe(ko._network);
  });
});
