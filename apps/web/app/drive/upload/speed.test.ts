import { describe, expect, it } from "vitest";
import { SpeedMeter, secondsLeft } from "./speed.js";

describe("SpeedMeter", () => {
  it("is unknown (0) until enough time has passed", () => {
    const meter = new SpeedMeter(5000);
    meter.sample(0, 0);
    meter.sample(1000, 100);
    expect(meter.bytesPerSecond(100)).toBe(0);
  });

  it("measures bytes per second over the window", () => {
    const meter = new SpeedMeter(5000);
    for (let second = 0; second <= 4; second += 1) meter.sample(second * 2_000_000, second * 1000);
    expect(meter.bytesPerSecond(4000)).toBe(2_000_000);
  });

  it("follows a change of speed once the old samples leave the window", () => {
    const meter = new SpeedMeter(2000);
    meter.sample(0, 0);
    meter.sample(10_000_000, 1000); // 10 MB/s
    meter.sample(11_000_000, 2000);
    meter.sample(12_000_000, 3000);
    meter.sample(13_000_000, 4000); // 1 MB/s for the last three seconds
    expect(meter.bytesPerSecond(4000)).toBe(1_000_000);
  });

  it("decays to 0 when the transfer stalls for a whole window", () => {
    const meter = new SpeedMeter(2000);
    meter.sample(0, 0);
    meter.sample(4_000_000, 1000);
    expect(meter.bytesPerSecond(1000)).toBe(4_000_000);
    expect(meter.bytesPerSecond(2000)).toBe(2_000_000);
    expect(meter.bytesPerSecond(3500)).toBe(0);
  });

  it("restarts when the count goes back (a retry from a lower offset)", () => {
    const meter = new SpeedMeter(5000);
    meter.sample(5_000_000, 0);
    meter.sample(6_000_000, 1000);
    meter.sample(100, 1100);
    expect(meter.bytesPerSecond(1100)).toBe(0);
  });
});

describe("secondsLeft", () => {
  it("rounds up and is unknown without a speed", () => {
    expect(secondsLeft(1000, 300)).toBe(4);
    expect(secondsLeft(1000, 0)).toBeUndefined();
    expect(secondsLeft(0, 0)).toBe(0);
  });
});
