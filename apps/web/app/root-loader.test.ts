import { describe, expect, it } from "vitest";
import { loader } from "./root.js";

async function rootData(cookie?: string) {
  const request = new Request("http://nimbus.test/drive/all", cookie ? { headers: { cookie } } : {});
  const result = (await loader({ request, params: {}, context: {} } as never)) as unknown as {
    data: { viewType: string; serverTime: number; locale: string };
  };
  return result.data;
}

describe("root loader: platform data", () => {
  it("renders the view type saved in pp_ssr_view_type", async () => {
    expect((await rootData("pp_ssr_view_type=list")).viewType).toBe("list");
  });

  it("uses grid without the cookie or for an unsupported view type", async () => {
    expect((await rootData()).viewType).toBe("grid");
    expect((await rootData("pp_ssr_view_type=flow")).viewType).toBe("grid");
  });

  it("stamps the layout state's server time", async () => {
    const before = Date.now();
    const { serverTime } = await rootData();
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });
});
