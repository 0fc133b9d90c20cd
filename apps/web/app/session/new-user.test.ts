import { describe, expect, it } from "vitest";
import { isNewUser, markGuideSeen, markNewUser, NEW_USER_KEY } from "./new-user.js";

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("new-user state", () => {
  it("is not new without a sign-up in this browser", () => {
    expect(isNewUser(memoryStore())).toBe(false);
  });

  it("is new after a sign-up, until the guide is dismissed", () => {
    const store = memoryStore();
    markNewUser(store);
    expect(store.getItem(NEW_USER_KEY)).toBe("");
    expect(isNewUser(store)).toBe(true);
    markGuideSeen(store);
    expect(store.getItem(NEW_USER_KEY)).toBe("init");
    expect(isNewUser(store)).toBe(false);
  });

  it("survives a browser without storage", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => markNewUser(broken)).not.toThrow();
    expect(isNewUser(broken)).toBe(false);
  });
});
