import { describe, expect, it, vi } from "vitest";
import { CLIENT_EVENTS, createClientEventEmitter, createEvent, EVENT_SPEC_VERSION } from "./events.js";

const NOW = Date.parse("2025-01-02T03:04:05.678Z");
const options = { now: () => NOW, newId: () => "id-1" };

describe("event envelope (spec §3, §9)", () => {
  it("has specversion 1.0.1 and defaults datacontenttype to application/json", () => {
    expect(EVENT_SPEC_VERSION).toBe("1.0.1");
    expect(createEvent({ type: "drive.opened", data: { a: 1 } }, options)).toEqual({
      specversion: "1.0.1",
      id: "id-1",
      type: "drive.opened",
      source: "nimbus-web",
      time: "2025-01-02T03:04:05.678Z",
      datacontenttype: "application/json",
      data: { a: 1 },
    });
  });

  it("carries every optional field when given", () => {
    expect(
      createEvent(
        {
          type: "t",
          id: "given",
          source: "/drive",
          subject: "file/1",
          dataschema: "https://nimbus.test/schema.json",
          datacontenttype: "text/plain",
          data: "x",
        },
        options,
      ),
    ).toEqual({
      specversion: "1.0.1",
      id: "given",
      type: "t",
      source: "/drive",
      time: "2025-01-02T03:04:05.678Z",
      datacontenttype: "text/plain",
      dataschema: "https://nimbus.test/schema.json",
      subject: "file/1",
      data: "x",
    });
  });

  it("generates a unique id by default", () => {
    expect(createEvent({ type: "t" }).id).not.toBe(createEvent({ type: "t" }).id);
  });
});

describe("client event emitter (spec §4)", () => {
  it("keeps each client event type's listeners apart", () => {
    const emitter = createClientEventEmitter(options);
    const heard: string[] = [];
    for (const type of CLIENT_EVENTS) emitter.on(type, (event) => heard.push(`${type}<-${event.type}`));
    for (const type of CLIENT_EVENTS) emitter.emit(type);
    expect(heard).toEqual(CLIENT_EVENTS.map((type) => `${type}<-${type}`));
  });

  it("delivers an envelope to the listeners of that type only", () => {
    const emitter = createClientEventEmitter(options);
    const login = vi.fn();
    const logout = vi.fn();
    emitter.on("AFTER_LOGIN", login);
    emitter.on("LOGOUT_SUCCESS", logout);
    const event = emitter.emit("AFTER_LOGIN", { userId: "u1" }, { subject: "u1" });
    expect(login).toHaveBeenCalledWith(event);
    expect(event).toMatchObject({
      type: "AFTER_LOGIN",
      data: { userId: "u1" },
      subject: "u1",
      specversion: "1.0.1",
    });
    expect(logout).not.toHaveBeenCalled();
  });

  it("stops delivering after unsubscribing", () => {
    const emitter = createClientEventEmitter(options);
    const listener = vi.fn();
    const off = emitter.on("JUMP_TO_VIP", listener);
    off();
    emitter.emit("JUMP_TO_VIP");
    expect(listener).not.toHaveBeenCalled();
  });

  it("runs every listener when one throws, then rethrows the first error", () => {
    const emitter = createClientEventEmitter(options);
    const after = vi.fn();
    emitter.on("RESTORE_STATUS", () => {
      throw new Error("first");
    });
    emitter.on("RESTORE_STATUS", after);
    expect(() => emitter.emit("RESTORE_STATUS", "done")).toThrow("first");
    expect(after).toHaveBeenCalledOnce();
  });
});
